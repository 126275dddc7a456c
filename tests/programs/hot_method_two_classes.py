# LOAD_METHOD_CACHED_EITHER, hot: one call site calls a base-class method on instances of two
# subclasses (one specialized member for both); then one subclass overrides the method, an
# instance shadows it, and a third class arrives, while the site is hot.


class Account:
    def __init__(self, balance):
        self.balance = balance

    def deposit(self, amount):
        self.balance += amount
        return self.balance


class Checking(Account):
    pass


class Savings(Account):
    pass


def run(accounts, rounds):
    total = 0
    for r in range(rounds):
        for a in accounts:
            total += a.deposit(r % 7)
    return total


accounts = [Checking(10), Savings(20), Checking(30), Savings(40)]
print("two classes", run(accounts, 200))


def double_deposit(self, amount):
    self.balance += 2 * amount
    return self.balance


Savings.deposit = double_deposit
print("override", run(accounts, 200))

accounts[0].deposit = lambda amount: -amount
print("shadowed", run(accounts, 200))
del accounts[0].deposit


class Business(Account):
    def deposit(self, amount):
        return Account.deposit(self, amount + 1)


accounts.append(Business(5))
print("three classes", run(accounts, 200))
del Savings.deposit
print("inherited again", run(accounts, 200), [a.balance for a in accounts])
