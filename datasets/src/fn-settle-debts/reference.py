def settle(debts):
    net = {}
    for debtor, creditor, amount in debts:
        if debtor != creditor:
            net[debtor] = net.get(debtor, 0) - amount
            net[creditor] = net.get(creditor, 0) + amount
    debtors = sorted((balance, name) for name, balance in net.items() if balance < 0)
    creditors = sorted((-balance, name) for name, balance in net.items() if balance > 0)
    transfers = []
    i = j = 0
    while i < len(debtors) and j < len(creditors):
        owes, debtor = debtors[i]
        due, creditor = creditors[j]
        amount = min(-owes, -due)
        transfers.append([debtor, creditor, amount])
        debtors[i] = (owes + amount, debtor)
        creditors[j] = (due + amount, creditor)
        if debtors[i][0] == 0:
            i += 1
        if creditors[j][0] == 0:
            j += 1
    return transfers
