def solution(expression):
    tokens = []
    i = 0
    while i < len(expression):
        ch = expression[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(expression) and expression[j].isdigit():
                j += 1
            tokens.append(int(expression[i:j]))
            i = j
        elif ch in "+-*/()":
            tokens.append(ch)
            i += 1
        else:
            raise ValueError("unknown character " + ch)
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        tok = peek()
        pos += 1
        return tok

    def expr():
        value = term()
        while peek() in ("+", "-"):
            op = take()
            rhs = term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def term():
        value = factor()
        while peek() in ("*", "/"):
            op = take()
            rhs = factor()
            if op == "*":
                value = value * rhs
            else:
                if rhs == 0:
                    raise ValueError("division by zero")
                q = abs(value) // abs(rhs)
                value = q if (value >= 0) == (rhs >= 0) else -q
        return value

    def factor():
        tok = take()
        if isinstance(tok, int):
            return tok
        if tok == "(":
            value = expr()
            if take() != ")":
                raise ValueError("missing )")
            return value
        raise ValueError("missing operand")

    result = expr()
    if pos != len(tokens):
        raise ValueError("unexpected " + str(peek()))
    return result
