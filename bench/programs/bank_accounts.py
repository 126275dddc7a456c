# Object-heavy: a bank simulation. Accounts of a few classes (single inheritance, super(),
# properties, class attributes, static and class methods) receive deposits, withdrawals,
# transfers and monthly interest; a ledger records transactions as small objects.

MOD = 1000003


class Rng:
    """A linear congruential generator: deterministic and small-int only."""

    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return (self.state >> 8) % bound


class InsufficientFunds(Exception):
    pass


class Transaction:
    def __init__(self, kind, amount, account_id):
        self.kind = kind
        self.amount = amount
        self.account_id = account_id

    def weight(self):
        return self.amount * len(self.kind) + self.account_id


class Account:
    fee = 0
    opened = 0

    def __init__(self, owner_id, balance):
        self.owner_id = owner_id
        self._balance = balance
        self.history = 0
        Account.opened += 1

    @property
    def balance(self):
        return self._balance

    def deposit(self, amount):
        self._balance += amount
        self.history += 1
        return self._balance

    def can_withdraw(self, amount):
        return self._balance >= amount + self.fee

    def withdraw(self, amount):
        if not self.can_withdraw(amount):
            raise InsufficientFunds()
        self._balance -= amount + self.fee
        self.history += 1
        return self._balance

    def month_end(self):
        return 0

    @staticmethod
    def kind():
        return "basic"


class Checking(Account):
    fee = 1

    def __init__(self, owner_id, balance, overdraft):
        super().__init__(owner_id, balance)
        self.overdraft = overdraft

    def can_withdraw(self, amount):
        return self._balance + self.overdraft >= amount + self.fee

    @staticmethod
    def kind():
        return "checking"


class Savings(Account):
    rate_per_mille = 3

    def month_end(self):
        interest = self._balance * self.rate_per_mille // 1000
        if interest > 0:
            self.deposit(interest)
        return interest

    @classmethod
    def with_bonus(cls, owner_id, balance):
        return cls(owner_id, balance + 50)

    @staticmethod
    def kind():
        return "savings"


class Bank:
    def __init__(self, rng):
        self.rng = rng
        self.accounts = []
        self.ledger = []
        self.rejected = 0

    def open(self, i):
        r = self.rng.next(3)
        if r == 0:
            account = Account(i, 100 + self.rng.next(900))
        elif r == 1:
            account = Checking(i, 100 + self.rng.next(900), 200)
        else:
            account = Savings.with_bonus(i, 100 + self.rng.next(900))
        self.accounts.append(account)
        return account

    def record(self, kind, amount, account):
        self.ledger.append(Transaction(kind, amount, account.owner_id))

    def transfer(self, source, target, amount):
        try:
            source.withdraw(amount)
        except InsufficientFunds:
            self.rejected += 1
            return False
        target.deposit(amount)
        self.record("transfer", amount, source)
        return True

    def day(self):
        n = len(self.accounts)
        for _ in range(200):
            a = self.accounts[self.rng.next(n)]
            op = self.rng.next(4)
            if op == 0:
                amount = 1 + self.rng.next(200)
                a.deposit(amount)
                self.record("deposit", amount, a)
            elif op == 1:
                amount = 1 + self.rng.next(300)
                if a.can_withdraw(amount):
                    a.withdraw(amount)
                    self.record("withdraw", amount, a)
                else:
                    self.rejected += 1
            else:
                b = self.accounts[self.rng.next(n)]
                self.transfer(a, b, 1 + self.rng.next(250))

    def month(self):
        paid = 0
        for account in self.accounts:
            paid += account.month_end()
        return paid

    def audit(self):
        checksum = 0
        for t in self.ledger:
            checksum = (checksum * 31 + t.weight()) % MOD
        self.ledger = []
        return checksum


def main():
    bank = Bank(Rng(2024))
    for i in range(300):
        bank.open(i)
    checksum = 0
    interest = 0
    for _month in range(32):
        for _ in range(30):
            bank.day()
        interest += bank.month()
        checksum = (checksum + bank.audit()) % MOD
    kinds = {}
    total = 0
    for account in bank.accounts:
        kinds[account.kind()] = kinds.get(account.kind(), 0) + 1
        total += account.balance + account.history
    print(
        "bank:",
        checksum,
        interest,
        bank.rejected,
        total % MOD,
        Account.opened,
        sorted(kinds.items()),
    )


main()
