# The duck simulator from the article: duck typing through a list and a generator.


def simulate_ducks(ducks):
    for duck in ducks:
        sound = duck.quack()
        if duck.echo:
            sound += sound
        print(sound)


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


ducks = [make_duck(i) for i in range(300)]
simulate_ducks(ducks)
simulate_ducks(duck_stream(300))

# Mostly plain ducks first, then a flock of rubber ones: the hot path changes type.
flock = [Duck() for _ in range(200)] + [RubberDuck(i % 5 == 0) for i in range(200)]
simulate_ducks(flock)
