# A text adventure driven by a scripted list of commands: rooms as dataclasses, a parser of verbs
# and directions with aliases, an inventory, locked doors, a scoring system and a move counter.
from dataclasses import dataclass, field


@dataclass
class Room:
    name: str
    description: str
    exits: dict = field(default_factory=dict)
    items: list = field(default_factory=list)
    locked: dict = field(default_factory=dict)


class GameOver(Exception):
    pass


ALIASES = {"n": "north", "s": "south", "e": "east", "w": "west", "u": "up", "d": "down",
           "get": "take", "grab": "take", "i": "inventory", "l": "look"}
TREASURES = {"coin": 5, "ruby": 20, "crown": 50}


class Game:
    def __init__(self):
        self.rooms = {
            "hall": Room("Hall", "A dusty entrance hall.", {"north": "library", "east": "kitchen"}, ["lamp"]),
            "library": Room("Library", "Shelves of mouldy books.", {"south": "hall", "up": "attic"}, ["key", "coin"],
                             {"up": "key"}),
            "kitchen": Room("Kitchen", "It smells of old soup.", {"west": "hall", "down": "cellar"}, ["knife"]),
            "cellar": Room("Cellar", "Pitch dark and damp.", {"up": "kitchen"}, ["ruby"]),
            "attic": Room("Attic", "Sunlight through a broken roof.", {"down": "library"}, ["crown"]),
        }
        self.here = "hall"
        self.inventory = []
        self.moves = 0
        self.score = 0

    def run(self, line):
        words = [ALIASES.get(w, w) for w in line.lower().split()]
        if not words:
            return "Say something."
        verb, *rest = words
        if verb in ("north", "south", "east", "west", "up", "down"):
            verb, rest = "go", [verb]
        self.moves += 1
        handler = getattr(self, "do_" + verb, None)
        if handler is None:
            return f"I don't know how to {verb!r}."
        return handler(*rest)

    def do_look(self):
        room = self.rooms[self.here]
        if self.here == "cellar" and "lamp" not in self.inventory:
            return "It is too dark to see."
        things = ", ".join(room.items) or "nothing"
        return f"{room.name}: {room.description} You see: {things}. Exits: {', '.join(sorted(room.exits))}."

    def do_go(self, direction=None):
        room = self.rooms[self.here]
        if direction not in room.exits:
            return "You can't go that way."
        if (needed := room.locked.get(direction)) and needed not in self.inventory:
            return f"The way {direction} is locked."
        self.here = room.exits[direction]
        return self.do_look()

    def do_take(self, item=None):
        room = self.rooms[self.here]
        if item not in room.items or (self.here == "cellar" and "lamp" not in self.inventory):
            return f"There is no {item} here."
        room.items.remove(item)
        self.inventory.append(item)
        self.score += TREASURES.get(item, 0)
        return f"Taken {item}." + (f" (+{TREASURES[item]})" if item in TREASURES else "")

    def do_drop(self, item=None):
        if item not in self.inventory:
            return f"You have no {item}."
        self.inventory.remove(item)
        self.rooms[self.here].items.append(item)
        return f"Dropped {item}."

    def do_inventory(self):
        return "You carry: " + (", ".join(sorted(self.inventory)) or "nothing")

    def do_quit(self):
        raise GameOver(f"Score {self.score} in {self.moves} moves.")


script = """look
get lamp
n
u
take coin
take key
up
grab crown
d
s
e
d
take ruby
dance
i
drop knife
w
quit
look"""
game = Game()
try:
    for command in script.splitlines():
        print(f"> {command}")
        print(game.run(command))
except GameOver as end:
    print("*** game over:", end)

# The same walk replayed many times by a bot: a hot loop through the parser.
total = 0
for run in range(100):
    bot = Game()
    for command in ["get lamp", "n", "take key", "take coin", "u", "take crown", "d", "s", "e", "d", "take ruby", "i"]:
        bot.run(command)
    total += bot.score + bot.moves
print(total)
