#!/usr/bin/env python3
"""bench/fill_contacts.py: grow quickactiond's SQLite store to N contacts, directly in its file.

Run only while the server is stopped. The new rows are non-favorites with plain ASCII names
and emails, filled the way the server fills them (id: 20 lower-case base32 characters, 9 of creation time then 11 random;
search_key: folded name, U+001F, folded email; revision 1; created = updated in ms). The
contacts table's own triggers keep the full-text (trigram) index in step. PRAGMA user_version
and application_id are left as the server set them.

Before writing, the script checks the schema is still the one it mirrors: every NOT NULL
column of `contacts` without a default must be one it fills, and the search_key of every
existing row must be what it would compute, so a server change shows up as an error here
rather than as a wrong benchmark.

    fill_contacts.py DB_PATH TOTAL [SEED]
"""
import json
import random
import sqlite3
import sys
import time
import unicodedata

FIRST = """Ada Alan Grace Katherine Dorothy Mary Linus Barbara Edsger Donald Margaret John Frances
Radia Tim Vint Hedy Claude Ken Dennis Bjarne Guido Yukihiro Sophie Anders Marie Annie Roberto
Chris Kim Lee Maria Nguyen Olga Pavel Rosa Sven Tomas Ursula Viktor Wen Xavier Yasmin Zoe
Hannah Ingrid Jonas Karin Lars Mohammed Nadia Oscar Priya Quentin Rahul Sara Tariq Umar Vera""".split()
LAST = """Lovelace Turing Hopper Johnson Vaughan Jackson Torvalds Liskov Dijkstra Knuth Hamilton
McCarthy Allen Perlman Berners Cerf Lamarr Shannon Thompson Ritchie Stroustrup Rossum Matsumoto
Wilson Andersson Curie Easley Ierusalimschy Garcia Park Nguyen Kowalski Novak Larsen Berg
Svensson Moreau Fischer Okafor Tanaka Silva Haddad Romero Ivanova Brown Martin Lopez Harris
Clark Lewis Walker Young King Wright Scott Green Baker Adams Nelson Carter Mitchell Roberts""".split()
DOMAINS = ["example.com", "example.org", "mail.example.net", "uu.example", "corp.example"]
ALPHABET = "234567abcdefghijklmnopqrstuvwxyz"  # base32 digits in ASCII order, as the server writes ids


def contact_id(ms: int, rng: random.Random) -> str:
    """The server's ids: 9 characters of milliseconds, then 11 random ones."""
    digits = []
    for _ in range(9):
        digits.append(ALPHABET[ms & 31])
        ms >>= 5
    return "".join(reversed(digits)) + "".join(rng.choice(ALPHABET) for _ in range(11))
KNOWN = {"seq", "id", "name", "email", "favorite", "created_ms", "updated_ms", "revision", "search_key"}


def fold(text: str) -> str:
    """The server folds case, diacritics and width; for ASCII that is lower-casing."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def search_key(name: str, email) -> str:
    return fold(name) + "\x1f" + fold(email or "")


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    path, total = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 20261130)
    started = time.monotonic()
    db = sqlite3.connect(path, isolation_level=None)
    user_version = db.execute("PRAGMA user_version").fetchone()[0]
    application_id = db.execute("PRAGMA application_id").fetchone()[0]

    columns = db.execute("PRAGMA table_info(contacts)").fetchall()
    if not columns:
        print("fill_contacts: no contacts table in " + path, file=sys.stderr)
        return 1
    unknown = [c[1] for c in columns if c[1] not in KNOWN and c[3] and c[4] is None and not c[5]]
    if unknown:
        print(f"fill_contacts: the server's contacts table has NOT NULL columns this script does not fill: {unknown}",
              file=sys.stderr)
        return 1
    for name, email, key in db.execute("SELECT name, email, search_key FROM contacts"):
        if name.isascii() and (email or "").isascii() and key != search_key(name, email):
            print(f"fill_contacts: search_key {key!r} of {name!r} is not what this script computes "
                  f"({search_key(name, email)!r}): the server changed its folding", file=sys.stderr)
            return 1
    existing = db.execute("SELECT count(*) FROM contacts").fetchone()[0]
    used_ids = {row[0] for row in db.execute("SELECT id FROM contacts")}

    now_ms = int(time.time() * 1000)
    rows = []
    for n in range(total - existing):
        ms = now_ms - (total - n) * 37
        while True:
            new_id = contact_id(ms, rng)
            if new_id not in used_ids:
                used_ids.add(new_id)
                break
        first, last = rng.choice(FIRST), rng.choice(LAST)
        name = f"{first} {last}"
        email = f"{first}.{last}{n}@{rng.choice(DOMAINS)}".lower()
        rows.append((new_id, name, email, 0, ms, ms, 1, search_key(name, email)))

    db.execute("PRAGMA synchronous=OFF")  # a bulk load: the file is made durable by the checkpoint below
    db.execute("BEGIN IMMEDIATE")
    db.executemany(
        "INSERT INTO contacts (id, name, email, favorite, created_ms, updated_ms, revision, search_key) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.execute("COMMIT")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    count = db.execute("SELECT count(*) FROM contacts").fetchone()[0]
    favorites = db.execute("SELECT count(*) FROM contacts WHERE favorite = 1").fetchone()[0]
    # The trigram index must have taken the new rows: each sampled email (unique) is found
    # through it, under its own row. (The index keeps no per-row table to count.)
    indexed = 0
    sample = rows[:: max(1, len(rows) // 50)]
    for sampled_id, _, email, *_ in sample:
        phrase = '"' + fold(email).replace('"', '""') + '"'
        found = db.execute("SELECT c.id FROM contacts_search s JOIN contacts c ON c.seq = s.rowid "
                           "WHERE contacts_search MATCH ?", (phrase,)).fetchall()
        if found != [(sampled_id,)]:
            print(f"fill_contacts: the full-text index finds {found} for {email!r}, not {sampled_id!r}", file=sys.stderr)
            return 1
        indexed += 1
    assert db.execute("PRAGMA user_version").fetchone()[0] == user_version
    assert db.execute("PRAGMA application_id").fetchone()[0] == application_id
    db.close()
    print(json.dumps({"contacts": count, "favorites": favorites, "inserted": len(rows), "fts_sampled": indexed,
                      "seconds": round(time.monotonic() - started, 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
