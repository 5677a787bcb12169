import sys


def clash(right, left):
    """A right-moving cart of mass `right` meets a left-moving one of mass `left`.

    Returns whether each of them survives."""
    if right > left:
        return True, False
    if right < left:
        return False, True
    return False, False


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    carts = [int(x) for x in data[1:1 + n]]
    stack = []
    for cart in carts:
        alive = True
        while alive and cart < 0 and stack and stack[-1] > 0:
            keep_top, alive = clash(stack[-1], -cart)
            if not keep_top:
                stack.pop()
        if alive:
            stack.append(cart)
    if stack:
        print(" ".join(map(str, stack)))
    else:
        print("EMPTY")


main()
