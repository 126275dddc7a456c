# A grade book: students as dataclasses, weighted averages, letter grades with bisect,
# statistics by hand (mean, median, standard deviation), a histogram and a ranked report.
from bisect import bisect
from dataclasses import dataclass, field
import math

WEIGHTS = {"homework": 0.3, "midterm": 0.3, "final": 0.4}
CUTOFFS = [60, 70, 80, 90]
LETTERS = "FDCBA"


@dataclass
class Student:
    name: str
    scores: dict = field(default_factory=dict)

    def average(self):
        return sum(self.scores[k] * w for k, w in WEIGHTS.items())

    def letter(self):
        return LETTERS[bisect(CUTOFFS, self.average())]


def stats(values):
    values = sorted(values)
    n = len(values)
    mean = sum(values) / n
    median = values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return round(mean, 3), median, round(sd, 3)


names = ["ada", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lu"]
students = []
state = 42
for name in names:
    scores = {}
    for kind in WEIGHTS:
        state = (state * 1103515245 + 12345) % 2147483648
        scores[kind] = 45 + (state >> 10) % 56
    students.append(Student(name, scores))
ranked = sorted(students, key=lambda s: (-s.average(), s.name))
for rank, s in enumerate(ranked, 1):
    print(f"{rank:2}. {s.name:<4} {s.average():6.2f} {s.letter()}")
print(stats([s.average() for s in students]))
histogram = {letter: 0 for letter in LETTERS}
for s in students:
    histogram[s.letter()] += 1
for letter in reversed(LETTERS):
    print(letter, "#" * histogram[letter])
