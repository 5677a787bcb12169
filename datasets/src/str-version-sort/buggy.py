import sys


def key_of(version):
    if version[0] in "vV":
        version = version[1:]
    parts = version.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return tuple(parts)


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    groups = {}
    for version in data[1:n + 1]:
        key = key_of(version)
        if key not in groups:
            groups[key] = [version]
    out = []
    for key in sorted(groups):
        for version in groups[key]:
            out.append(version)
    print("\n".join(out))


main()
