"""Writes data/movies.csv and data/ratings.csv (seeded): 30 users rate 8-14 of 20 movies; taste follows two genres."""
import random

rng = random.Random(31)
titles = ["Harbor Lights", "The Quiet Orbit", "Paper Lanterns", "Iron Meadow", "Salt and Stone", "Night Ferry", "The Last Cartographer",
          "Glass Harvest", "Under the Viaduct", "Amber Static", "Cold Summit", "A Minor Storm", "Hollow Bells", "The Copper Fox",
          "Tin Horizon", "Velvet Engine", "River of Keys", "North of Nowhere", "Slow Thunder", "The Lantern Keeper"]
genre = [i % 2 for i in range(20)]
open("data/movies.csv", "w").write("movie_id,title\n" + "".join(f"{i + 1},{t}\n" for i, t in enumerate(titles)))
rows = ["user_id,movie_id,rating"]
for u in range(1, 31):
    likes = rng.random()
    for m in rng.sample(range(20), rng.randint(8, 14)):
        base = 3 + 1.6 * (likes - 0.5) * (1 if genre[m] else -1) * 2 + (m % 5 - 2) * 0.3
        rows.append(f"{u},{m + 1},{max(1, min(5, round(base + rng.gauss(0, 0.7))))}")
open("data/ratings.csv", "w").write("\n".join(rows) + "\n")
