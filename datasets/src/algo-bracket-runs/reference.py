import sys


def main():
    lines = sys.stdin.read().split()
    t = int(lines[0])
    opener = {")": "(", "]": "[", "}": "{"}
    out = []
    for s in lines[1:1 + t]:
        stack = [-1]
        best, count = 0, 0
        for i, ch in enumerate(s):
            if ch not in opener:
                stack.append(i)
            elif len(stack) > 1 and s[stack[-1]] == opener[ch]:
                stack.pop()
                length = i - stack[-1]
                if length > best:
                    best, count = length, 1
                elif length == best:
                    count += 1
            else:
                stack = [i]
        out.append(f"{best} {count}")
    print("\n".join(out))


main()
