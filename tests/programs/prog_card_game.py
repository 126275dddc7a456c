# A card game simulation: a deck of dataclass cards shuffled with a seeded random.Random, dealt to
# four players for rounds of blackjack against a dealer who stands on 17, with aces counted soft,
# bets settled, and poker-hand classification of five-card draws with collections.Counter.
import random
from collections import Counter
from dataclasses import dataclass
from itertools import product

RANKS = "23456789TJQKA"
SUITS = "SHDC"


@dataclass(frozen=True)
class Card:
    rank: str
    suit: str

    def __str__(self):
        return self.rank + "shdc"[SUITS.index(self.suit)]

    @property
    def points(self):
        return 11 if self.rank == "A" else 10 if self.rank in "TJQK" else int(self.rank)


FULL_DECK = [Card(r, s) for r, s in product(RANKS, SUITS)]


class Deck:
    def __init__(self, rng, decks=1):
        self.rng = rng
        self.cards = FULL_DECK * decks
        self.rng.shuffle(self.cards)

    def deal(self, n=1):
        if len(self.cards) < n:
            raise IndexError("deck exhausted")
        hand = self.cards[-n:]
        del self.cards[-n:]
        return hand


def hand_value(hand):
    total = sum(c.points for c in hand)
    aces = sum(c.rank == "A" for c in hand)
    while total > 21 and aces:
        total -= 10
        aces -= 1
    return total


def play_round(deck, players, bank):
    dealer = deck.deal(2)
    hands = {p: deck.deal(2) for p in players}
    for player, hand in hands.items():
        limit = {"cautious": 13, "average": 16, "bold": 18, "wild": 20}[player]
        while hand_value(hand) <= limit:
            hand += deck.deal()
    while hand_value(dealer) < 17:
        dealer += deck.deal()
    d = hand_value(dealer)
    for player, hand in hands.items():
        v = hand_value(hand)
        blackjack = v == 21 and len(hand) == 2
        if v > 21 or (d <= 21 and d > v):
            bank[player] -= 10
        elif d > 21 or v > d:
            bank[player] += 15 if blackjack else 10
    return dealer, hands


def classify(hand):
    counts = sorted(Counter(c.rank for c in hand).values(), reverse=True)
    ranks = sorted(RANKS.index(c.rank) for c in hand)
    flush = len({c.suit for c in hand}) == 1
    straight = counts[0] == 1 and (ranks[-1] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    if straight and flush:
        return "straight flush"
    return {(4, 1): "four of a kind", (3, 2): "full house"}.get(tuple(counts[:2])) or (
        "flush" if flush else "straight" if straight else
        {3: "three of a kind", 2: "two pair" if counts[1] == 2 else "pair"}.get(counts[0], "high card"))


rng = random.Random(21)
players = ["cautious", "average", "bold", "wild"]
bank = dict.fromkeys(players, 100)
deck = Deck(rng, decks=6)
for rnd in range(1, 101):
    if len(deck.cards) < 60:
        deck = Deck(rng, decks=6)
    dealer, hands = play_round(deck, players, bank)
    if rnd <= 3:
        shown = "  ".join(f"{p}:{' '.join(map(str, h))}={hand_value(h)}" for p, h in hands.items())
        print(f"round {rnd}: dealer {' '.join(map(str, dealer))}={hand_value(dealer)} | {shown}")
print({p: f"{v:+d}" for p, v in bank.items()})

tally = Counter()
for _ in range(600):
    tally[classify(rng.sample(FULL_DECK, 5))] += 1
for name, count in tally.most_common():
    print(f"{name:<16}{count:5} {count / 6:6.2f}%")
print(classify([Card(r, "H") for r in "TJQKA"]), classify([Card("A", s) for s in SUITS] + [Card("2", "S")]))
