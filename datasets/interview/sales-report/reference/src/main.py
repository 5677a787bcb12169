"""The sales report pipeline: load, aggregate, summarize, draw."""
from aggregate import monthly_revenue, revenue_by_region, summary, write_csv, write_json
from chart import bar_chart
from data_loader import load_sales


def main():
    rows = load_sales()  # R0
    by_region = revenue_by_region(rows)  # R1
    write_csv("results/revenue_by_region.csv", ["region", "revenue"], by_region)
    write_csv("results/monthly_revenue.csv", ["month", "revenue"], monthly_revenue(rows))  # R2
    write_json("results/summary.json", summary(rows, by_region))  # R3
    bar_chart(by_region, "results/figures/revenue_by_region.svg", "Revenue by region")  # R4
    print(f"Report written for {len(rows)} orders")


if __name__ == "__main__":
    main()
