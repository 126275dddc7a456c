# Two scoring katas: ten-pin bowling (strikes, spares, the tenth frame's bonus balls, validation of
# impossible games) and a tennis match (points, deuce and advantage, games, sets, a tie-break),
# played from scripted and seeded-random rolls.
import random


class BowlingError(ValueError):
    pass


def bowling_score(rolls):
    frames, i, total = [], 0, 0
    for frame in range(10):
        if i >= len(rolls):
            raise BowlingError(f"game incomplete at frame {frame + 1}")
        if rolls[i] == 10:
            bonus = rolls[i + 1:i + 3]
            if len(bonus) < 2:
                raise BowlingError("strike bonus missing")
            if bonus[0] != 10 and sum(bonus) > 10:
                raise BowlingError(f"impossible bonus {bonus}")
            total += 10 + sum(bonus)
            frames.append("X")
            i += 1
            continue
        pair = rolls[i:i + 2]
        if len(pair) < 2 or sum(pair) > 10:
            raise BowlingError(f"bad frame {frame + 1}: {pair}")
        if sum(pair) == 10:
            if i + 2 >= len(rolls):
                raise BowlingError("spare bonus missing")
            total += 10 + rolls[i + 2]
            frames.append(f"{pair[0]}/")
        else:
            total += sum(pair)
            frames.append(f"{pair[0]}{pair[1]}".replace("0", "-"))
        i += 2
    extra = len(rolls) - i
    allowed = 2 if frames[-1] == "X" else 1 if frames[-1].endswith("/") else 0
    if extra != allowed:
        raise BowlingError(f"{extra} roll(s) after the last frame, expected {allowed}")
    return total, " ".join(frames)


def random_game(rng):
    rolls = []
    for frame in range(10):
        first = rng.choice([10, 10, rng.randint(0, 10)])
        second = None if first == 10 else rng.randint(0, 10 - first)
        rolls += [first] if second is None else [first, second]
    if first == 10:
        bonus = rng.randint(0, 10)
        rolls += [bonus, rng.randint(0, 10 if bonus == 10 else 10 - bonus)]
    elif first + second == 10:
        rolls.append(rng.randint(0, 10))
    if rng.random() < 0.05:
        rolls.append(rng.randint(0, 10))  # a stray roll: an invalid game
    return rolls


games = {"perfect": [10] * 12, "gutter": [0] * 20, "all spares": [5] * 21, "nines": [9, 0] * 10,
         "mixed": [10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1], "short": [10, 10],
         "too many": [1] * 21, "bad pins": [7, 5] + [0] * 18}
for name, rolls in games.items():
    try:
        score, frames = bowling_score(rolls)
        print(f"{name:<10} {score:3}  {frames}")
    except BowlingError as e:
        print(f"{name:<10} error: {e}")
rng = random.Random(300)
scores = []
for _ in range(300):
    try:
        scores.append(bowling_score(random_game(rng))[0])
    except BowlingError:
        scores.append(-1)
print(len(scores), scores.count(-1), max(scores), sum(s for s in scores if s >= 0) // len(scores))

NAMES = ["0", "15", "30", "40"]


def game_call(a, b):
    if max(a, b) >= 4 and abs(a - b) >= 2:
        return f"game {'A' if a > b else 'B'}"
    if a >= 3 and b >= 3:
        return "deuce" if a == b else f"advantage {'A' if a > b else 'B'}"
    return f"{NAMES[min(a, 3)]}-{NAMES[min(b, 3)]}"


def play_match(rng, p_a=0.55):
    sets, calls, won = [], [], {"A": 0, "B": 0}
    while max(won.values()) < 2:
        ga = gb = 0
        while not ((ga >= 6 or gb >= 6) and abs(ga - gb) >= 2) and not (ga == 7 or gb == 7):
            a = b = 0
            target = 7 if ga == gb == 6 else 4
            while not ((a >= target or b >= target) and abs(a - b) >= 2):
                if rng.random() < p_a:
                    a += 1
                else:
                    b += 1
                if target == 4 and len(calls) < 12:
                    calls.append(game_call(a, b))
            ga, gb = (ga + 1, gb) if a > b else (ga, gb + 1)
        sets.append(f"{ga}-{gb}")
        won["A" if ga > gb else "B"] += 1
    return sets, calls


for seed in (1, 2, 3):
    sets, calls = play_match(random.Random(seed))
    print(f"match {seed}: {' '.join(sets)}; first calls: {', '.join(calls[:8])}")
