import json
import random

rng = random.Random(int(input()))
NAMES = ["ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal", "ivy", "joe", "kim", "lou", "max",
         "ned", "oli", "pam", "root", "admin", "x", "guest7", "zoe"]


def stamp(t):
    return f"{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}"


def user_events(name, sessions, max_len, leave_open, noise):
    events = []
    t = rng.randint(0, 80000)
    for k in range(sessions):
        start = t + rng.randint(0, 2000)
        end = start + rng.randint(0, max_len)
        if end >= 86400:
            break
        events.append((start, name, "login"))
        if noise and rng.random() < 0.3:
            events.append((rng.randint(start, end), name, "login"))
        if not (leave_open and k == sessions - 1):
            events.append((end, name, "logout"))
            if noise and rng.random() < 0.3:
                events.append((min(86399, end + rng.randint(0, 500)), name, "logout"))
        t = end
    if noise and rng.random() < 0.2:
        events.insert(0, (max(0, events[0][0] - rng.randint(1, 100)) if events else 5, name, "logout"))
    return events


def case(n_users, sessions, max_len, p_open, noise, comments):
    names = rng.sample(NAMES, n_users)
    events = []
    for name in names:
        events.extend(user_events(name, rng.randint(1, sessions), max_len, rng.random() < p_open, noise))
    order = sorted(range(len(events)), key=lambda i: (events[i][0], i))
    lines = [f"{stamp(events[i][0])} {events[i][1]} {events[i][2]}" for i in order]
    if comments:
        for _ in range(rng.randint(1, 3)):
            lines.insert(rng.randint(0, len(lines)), rng.choice(["", "# shift change", "#note: backup at night"]))
    if not lines:
        lines = ["00:00:01 ann login", "00:00:02 ann logout"]
    return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


def raw(lines):
    return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


tests = [
    raw(["08:00:00 ann login", "08:20:30 bob login", "08:45:00 ann logout", "09:10:00 bob logout",
         "09:30:00 ann login", "10:15:15 ann logout"]),
    raw(["# morning", "07:59:59 eve login", "08:00:00 eve login", "08:10:00 dan logout", "08:30:00 eve logout",
         "23:00:00 dan login"]),
    raw(["00:00:00 x login"]),
    raw(["12:00:00 a login", "12:00:00 a logout"]),
    raw(["10:00:00 b login", "10:59:59 b logout", "11:00:00 a login", "11:59:59 a logout"]),
    raw(["01:00:00 pat login", "02:00:00 pat logout"]),
    raw(["23:59:59 z login", "23:59:59 y login", "23:59:59 y logout"]),
    raw(["09:00:00 ann logout", "09:00:01 ann login", "09:05:00 ann logout"]),
]
# Short sessions, everyone logs out.
for _ in range(34):
    tests.append(case(rng.randint(1, 8), 4, 800, 0.0, rng.random() < 0.5, rng.random() < 0.3))
# Long sessions, everyone logs out.
for _ in range(30):
    tests.append(case(rng.randint(1, 8), 4, 9000, 0.0, rng.random() < 0.5, rng.random() < 0.3))
# Somebody is still logged in at the end of the day.
for _ in range(30):
    tests.append(case(rng.randint(1, 8), 3, 800, 0.4, rng.random() < 0.5, rng.random() < 0.3))
print(json.dumps(tests))
