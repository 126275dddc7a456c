# A board-game search: Connect Four on a small board by minimax with alpha-beta pruning and a
# transposition table, as in game AIs. Lists as boards, dicts keyed by tuples.

MOD = 1000003
COLS, ROWS = 5, 4
ORDER = (2, 1, 3, 0, 4)


def wins(board, player):
    for r in range(ROWS):
        for c in range(COLS):
            if board[r * COLS + c] != player:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                k = 1
                while k < 4:
                    rr, cc = r + dr * k, c + dc * k
                    if not (0 <= rr < ROWS and 0 <= cc < COLS) or board[rr * COLS + cc] != player:
                        break
                    k += 1
                if k == 4:
                    return True
    return False


def drop(board, col):
    for r in range(ROWS):
        if board[r * COLS + col] == 0:
            return r * COLS + col
    return -1


def search(board, player, depth, alpha, beta, table, stats):
    key = (tuple(board), player, depth)
    if key in table:
        return table[key]
    stats[0] += 1
    best = -100
    moved = False
    for col in ORDER:
        cell = drop(board, col)
        if cell < 0:
            continue
        moved = True
        board[cell] = player
        if wins(board, player):
            score = 50 + depth
        elif depth == 0:
            score = 0
        else:
            score = -search(board, 3 - player, depth - 1, -beta, -alpha, table, stats)
        board[cell] = 0
        if score > best:
            best = score
        if best > alpha:
            alpha = best
        if alpha >= beta:
            break
    if not moved:
        best = 0
    table[key] = best
    return best


def main():
    checksum = 0
    for opening in range(COLS):
        for _ in range(8):
            search([0] * (COLS * ROWS), 1, 5, -1000, 1000, {}, [0])
        board = [0] * (COLS * ROWS)
        board[drop(board, opening)] = 1
        stats = [0]
        score = search(board, 2, 8, -1000, 1000, {}, stats)
        checksum = (checksum * 131 + (score + 200) * 7 + stats[0]) % MOD
    print("board_search", checksum)


main()
