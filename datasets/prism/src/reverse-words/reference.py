def solution(sentence):
    words = sentence.split()
    out = []
    for i in range(len(words) - 1, -1, -1):
        out.append(words[i])
    return " ".join(out)
