import sys
import heapq


def main():
    data = sys.stdin.read().split()
    rooms, n = int(data[0]), int(data[1])
    meetings = []
    for i in range(n):
        start, end = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        meetings.append((start, end, i))
    meetings.sort()
    free = list(range(1, rooms + 1))
    busy = []
    answer = [0] * n
    for start, end, i in meetings:
        while busy and busy[0][0] <= start:
            heapq.heappush(free, heapq.heappop(busy)[1])
        room = heapq.heappop(free)
        answer[i] = room
        heapq.heappush(busy, (end, room))
    hosted = [0] * (rooms + 1)
    for room in answer:
        if room:
            hosted[room] += 1
    best = 1
    for room in range(2, rooms + 1):
        if hosted[room] > hosted[best]:
            best = room
    print(" ".join(map(str, answer)))
    print(best)


main()
