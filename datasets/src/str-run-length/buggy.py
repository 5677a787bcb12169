import sys


def pack(s):
    out = []
    prev, count = s[0], 1
    for ch in s[1:]:
        if ch == prev:
            count += 1
        else:
            out.append(prev if count == 1 else prev + str(count))
            prev, count = ch, 1
    return "".join(out)


def unpack(t):
    out = []
    i = 0
    while i < len(t):
        ch = t[i]
        j = i + 1
        while j < len(t) and t[j].isdigit():
            j += 1
        count = int(t[i + 1:j])
        out.append(ch * count)
        i = j
    return "".join(out)


def main():
    lines = sys.stdin.read().split("\n")
    q = int(lines[0])
    result = []
    for k in range(1, q + 1):
        op, arg = lines[k].split()
        if op == "pack":
            result.append(pack(arg))
        else:
            result.append(unpack(arg))
    print("\n".join(result))


main()
