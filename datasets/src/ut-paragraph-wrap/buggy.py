def wrap(text, width):
    paragraphs = []
    words = []
    for line in text.split("\n"):
        if line.strip():
            for word in line.split():
                for i in range(0, len(word), width):
                    words.append(word[i:i + width])
        else:
            paragraphs.append(words)
            words = []
    if words:
        paragraphs.append(words)
    lines = []
    for words in paragraphs:
        if lines:
            lines.append("")
        current = words[0]
        for word in words[1:]:
            if len(current) + 1 + len(word) < width:
                current += " " + word
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines
