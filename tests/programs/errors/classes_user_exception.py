class InventoryError(Exception):
    pass


def take(stock, n):
    if n > stock:
        raise InventoryError(f"only {stock} left, wanted {n}")
    return stock - n


stock = 100
for i in range(30):
    stock = take(stock, i)
