class Duck:
    def quack(self):
        return "Quack!"


ducks = [Duck() for _ in range(30)]
for d in ducks:
    d.quack()
ducks[0].waddle
