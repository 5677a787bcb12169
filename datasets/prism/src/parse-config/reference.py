def solution(text):
    config = {}
    for line in text.split("\n"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            raise ValueError("missing '=': " + line)
        key, value = line.split("=", 1)
        key = key.strip()
        if not key:
            raise ValueError("empty key")
        if key in config:
            raise ValueError("duplicate key: " + key)
        config[key] = value.strip()
    return config
