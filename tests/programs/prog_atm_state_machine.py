# An ATM as a state machine: an Enum of states, a transition table of handlers, a scripted session
# of card insertions, PIN attempts, withdrawals and deposits, with errors raised and reported.
from dataclasses import dataclass, field
from enum import Enum, auto


class State(Enum):
    IDLE = auto()
    CARD = auto()
    READY = auto()
    LOCKED = auto()


class ATMError(Exception):
    pass


class InsufficientFunds(ATMError):
    def __init__(self, balance, amount):
        super().__init__(f"balance {balance} < {amount}")
        self.shortfall = amount - balance


@dataclass
class Account:
    number: str
    pin: str
    balance: int = 0
    history: list = field(default_factory=list)


class ATM:
    def __init__(self, accounts, cash=10_000):
        self.accounts = {a.number: a for a in accounts}
        self.state = State.IDLE
        self.cash = cash
        self.current = None
        self.tries = 0

    def handle(self, command, *args):
        handler = getattr(self, f"on_{command}", None)
        if handler is None:
            raise ATMError(f"unknown command {command!r}")
        allowed = handler.__doc__.split()
        if self.state.name not in allowed:
            raise ATMError(f"{command} not allowed in {self.state.name}")
        return handler(*args)

    def on_insert(self, number):
        "IDLE"
        if (account := self.accounts.get(number)) is None:
            raise ATMError(f"no account {number}")
        self.current, self.tries, self.state = account, 0, State.CARD
        return f"card {number}"

    def on_pin(self, pin):
        "CARD"
        if pin == self.current.pin:
            self.state = State.READY
            return "pin ok"
        self.tries += 1
        if self.tries >= 3:
            self.state = State.LOCKED
            return "card retained"
        return f"wrong pin ({3 - self.tries} left)"

    def on_withdraw(self, amount):
        "READY"
        account = self.current
        if amount % 20:
            raise ATMError("multiples of 20 only")
        if amount > account.balance:
            raise InsufficientFunds(account.balance, amount)
        if amount > self.cash:
            raise ATMError("machine out of cash")
        account.balance -= amount
        self.cash -= amount
        account.history.append(-amount)
        return f"dispensed {amount}"

    def on_deposit(self, amount):
        "READY"
        self.current.balance += amount
        self.current.history.append(amount)
        return f"deposited {amount}"

    def on_eject(self):
        "CARD READY LOCKED"
        number = self.current.number
        self.current, self.state = None, State.IDLE
        return f"ejected {number}"


accounts = [Account("1001", "1234", 500), Account("1002", "0000", 80), Account("1003", "9999")]
atm = ATM(accounts, cash=2_000)
script = [
    ("insert", "1001"), ("pin", "1111"), ("pin", "1234"), ("withdraw", 120), ("withdraw", 30),
    ("withdraw", 1000), ("deposit", 45), ("eject",), ("withdraw", 20), ("insert", "1002"),
    ("pin", "1"), ("pin", "2"), ("pin", "3"), ("deposit", 5), ("eject",), ("insert", "4040"),
    ("insert", "1003"), ("pin", "9999"), ("dance",), ("eject",),
]
for step in script:
    try:
        result = atm.handle(*step)
    except InsufficientFunds as e:
        result = f"refused: {e} (short {e.shortfall})"
    except ATMError as e:
        result = f"error: {e}"
    print(f"{' '.join(map(str, step)):<16} {atm.state.name:<7} {result}")

# A long run of small sessions: the machine's hot path.
total = 0
for i in range(600):
    account = accounts[i % 3]
    atm.handle("insert", account.number)
    atm.handle("pin", account.pin)
    atm.handle("deposit", i % 50)
    try:
        atm.handle("withdraw", 20 * (i % 4))
    except ATMError:
        total += 1
    atm.handle("eject")
print(total, atm.cash, [(a.number, a.balance, len(a.history)) for a in accounts])
