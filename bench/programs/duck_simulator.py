# The duck simulator from examples/duck_simulator.py (the article that started the project),
# scaled up: duck typing through lists and a generator, with a hot path that changes type.
# Instead of printing every sound it adds the lengths of the sounds into a checksum.


def simulate_ducks(ducks):
    total = 0
    for duck in ducks:
        sound = duck.quack()
        if duck.echo:
            sound += sound
        total += len(sound)
    return total


class Duck:
    echo = False

    def quack(self):
        return "Quack!"


class RubberDuck:
    echo = True

    def __init__(self, loud):
        self.loud = loud

    def quack(self):
        if self.loud:
            return "SQUEAK!"
        return "Squeak!"


def make_duck(i):
    if i % 3 == 0:
        return RubberDuck(i % 2 == 0)
    return Duck()


def duck_stream(n):
    for i in range(n):
        yield make_duck(i)


def main():
    checksum = 0
    for round_number in range(100):
        ducks = [make_duck(i) for i in range(3000 + round_number)]
        checksum += simulate_ducks(ducks)
        checksum += simulate_ducks(duck_stream(3000))

        # Mostly plain ducks first, then a flock of rubber ones: the hot path changes type.
        flock = [Duck() for _ in range(2000)] + [RubberDuck(i % 5 == 0) for i in range(2000)]
        checksum += simulate_ducks(flock)
        checksum = checksum % 1000003
    print("ducks:", checksum)


main()
