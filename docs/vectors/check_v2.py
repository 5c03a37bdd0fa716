#!/usr/bin/env python3
"""An independent reference check of scheme ayo-lotto/v2 in plain Python (standard library only), for auditors:
recomputes every published vector in docs/vectors/ayo-lotto-v2.json from its inputs.

    python3 docs/vectors/check_v2.py
"""
import hashlib
import hmac
import json
import pathlib
import sys


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def balls(seed_hex: str, draw_id: int, root: str, witness_secret: str, label: str) -> list:
    """Five distinct numbers 1-90 from the HMAC-SHA256 stream, rejecting bytes >= 180."""
    out, counter = [], 0
    while len(out) < 5:
        message = f"ayo-lotto/v2|{label}|{draw_id}|{root}|{witness_secret}|{counter}".encode()
        for byte in hmac.new(bytes.fromhex(seed_hex), message, hashlib.sha256).digest():
            if byte < 180 and (byte % 90 + 1) not in out:
                out.append(byte % 90 + 1)
                if len(out) == 5:
                    break
        counter += 1
    return out


def tree_root(leaves: list) -> bytes:
    """RFC 6962 Merkle Tree Hash."""
    if not leaves:
        return sha256(b"")
    if len(leaves) == 1:
        return leaves[0]
    k = 1
    while k * 2 < len(leaves):
        k *= 2
    return sha256(b"\x01" + tree_root(leaves[:k]) + tree_root(leaves[k:]))


def verify_inclusion(leaf: bytes, index: int, size: int, proof: list, root: bytes) -> bool:
    """RFC 9162 section 2.1.3.2."""
    if index >= size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = sha256(b"\x01" + p + r)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = sha256(b"\x01" + r + p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def main() -> int:
    vectors = json.loads((pathlib.Path(__file__).parent / "ayo-lotto-v2.json").read_text())
    for draw in vectors["draws"]:
        secret = draw["witness_secret"] or ""
        assert sha256(bytes.fromhex(draw["seed"])).hex() == draw["commitment"], draw["draw_id"]
        if secret:
            assert sha256(bytes.fromhex(secret)).hex() == draw["witness_commitment"], draw["draw_id"]
        for label, field in (("balls", "numbers"), ("machine", "machine_numbers")):
            assert balls(draw["seed"], draw["draw_id"], draw["tickets_root"], secret, label) == draw[field], draw
    for case in vectors["merkle"]:
        leaves = [sha256(b"\x00" + text.encode()) for text in case["leaves_data"]]
        root = tree_root(leaves)
        assert root.hex() == case["root"], case["root"]
        for proof in case["proofs"]:
            path = [bytes.fromhex(p) for p in proof["proof"]]
            assert leaves[proof["index"]].hex() == proof["leaf"]
            assert verify_inclusion(leaves[proof["index"]], proof["index"], len(leaves), path, root), proof
    print(f"ayo-lotto/v2: {len(vectors['draws'])} draws and {len(vectors['merkle'])} trees check out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
