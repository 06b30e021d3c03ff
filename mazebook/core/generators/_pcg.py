"""numpy's default generator in plain Python, for the one small draw the carvers make.

``np.random.default_rng(seed).integers(0, total, count, dtype=np.uint8)`` (numpy's SeedSequence,
its PCG64 and its Lemire draw of bounded bytes), worked out without importing numpy.random: a
book's mazes and a first maze are a few hundred cells, where a draw here costs some tens of
microseconds more than numpy's but loading numpy.random costs about 10 ms and 6 MB (a first
maze's peak; 3 MB of the default book's). Larger draws stay with numpy (_common.SMALL_DRAW);
tests check both give the same bytes.
"""

from __future__ import annotations

import itertools
import struct

# SeedSequence (numpy/random/bit_generator.pyx)
_POOL_SIZE = 4
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R = 0xCA01F9DD, 0x4973F715
_XSHIFT = 16
_M32 = 0xFFFFFFFF

# PCG64: XSL-RR output of a 128-bit linear congruential generator
_MULT_128 = 0x2360ED051FC65DA44385DF649FCCF645
_M64 = (1 << 64) - 1
_M128 = (1 << 128) - 1


def _words(entropy: int) -> list[int]:
    """The seed as 32-bit words, least significant first ([0] for 0)."""
    if entropy == 0:
        return [0]
    out = []
    while entropy:
        out.append(entropy & _M32)
        entropy >>= 32
    return out


def seed_state(entropy: int) -> tuple[int, int]:
    """PCG64's (state, increment) as ``np.random.default_rng(entropy)`` sets them: a seed of
    at most 128 bits (every maze's) by ``_seed_128``, a wider one by ``_seed_wide``."""
    if entropy < 0:
        raise ValueError("entropy must be a whole number of at least 0")
    if entropy >> 128:
        return _seed_wide(entropy)
    return _seed_128(entropy)


def _seed_128(entropy: int) -> tuple[int, int]:
    """``_seed_wide`` for a seed below 2**128 (four words, the pool's size), written out: the
    same 24 hashmixes and 12 mixes with their constants (``_hash_keys``, ``_STATE_KEYS``) in
    the code and the pool in four locals, in about half the time of the loops (a book draws
    once a maze). ``v = (x ^ c_k) * c_(k+1) & m32`` then ``v ^ v >> 16`` is one hashmix."""
    m32 = _M32
    w0 = entropy & m32
    w1 = entropy >> 32 & m32
    w2 = entropy >> 64 & m32
    w3 = entropy >> 96
    # the pool: each word hashed
    v = (w0 ^ 0x43B0D7E5) * 0xAE5A53A9 & m32
    p0 = v ^ v >> 16
    v = (w1 ^ 0xAE5A53A9) * 0x8488043D & m32
    p1 = v ^ v >> 16
    v = (w2 ^ 0x8488043D) * 0x5A9057E1 & m32
    p2 = v ^ v >> 16
    v = (w3 ^ 0x5A9057E1) * 0x9205B1D5 & m32
    p3 = v ^ v >> 16
    # each pool word mixed into each other one (mix: 0xCA01F9DD * x - 0x4973F715 * y)
    v = (p0 ^ 0x9205B1D5) * 0xE9096E59 & m32
    v = (0xCA01F9DD * p1 - 0x4973F715 * (v ^ v >> 16)) & m32
    p1 = v ^ v >> 16
    v = (p0 ^ 0xE9096E59) * 0x8D5CB6AD & m32
    v = (0xCA01F9DD * p2 - 0x4973F715 * (v ^ v >> 16)) & m32
    p2 = v ^ v >> 16
    v = (p0 ^ 0x8D5CB6AD) * 0x9BB16511 & m32
    v = (0xCA01F9DD * p3 - 0x4973F715 * (v ^ v >> 16)) & m32
    p3 = v ^ v >> 16
    v = (p1 ^ 0x9BB16511) * 0x00C238C5 & m32
    v = (0xCA01F9DD * p0 - 0x4973F715 * (v ^ v >> 16)) & m32
    p0 = v ^ v >> 16
    v = (p1 ^ 0x00C238C5) * 0x4D029A09 & m32
    v = (0xCA01F9DD * p2 - 0x4973F715 * (v ^ v >> 16)) & m32
    p2 = v ^ v >> 16
    v = (p1 ^ 0x4D029A09) * 0xCC132E1D & m32
    v = (0xCA01F9DD * p3 - 0x4973F715 * (v ^ v >> 16)) & m32
    p3 = v ^ v >> 16
    v = (p2 ^ 0xCC132E1D) * 0x83A97B41 & m32
    v = (0xCA01F9DD * p0 - 0x4973F715 * (v ^ v >> 16)) & m32
    p0 = v ^ v >> 16
    v = (p2 ^ 0x83A97B41) * 0xFA8DDCB5 & m32
    v = (0xCA01F9DD * p1 - 0x4973F715 * (v ^ v >> 16)) & m32
    p1 = v ^ v >> 16
    v = (p2 ^ 0xFA8DDCB5) * 0xAC4C06B9 & m32
    v = (0xCA01F9DD * p3 - 0x4973F715 * (v ^ v >> 16)) & m32
    p3 = v ^ v >> 16
    v = (p3 ^ 0xAC4C06B9) * 0x26FF5A8D & m32
    v = (0xCA01F9DD * p0 - 0x4973F715 * (v ^ v >> 16)) & m32
    p0 = v ^ v >> 16
    v = (p3 ^ 0x26FF5A8D) * 0x0E554A71 & m32
    v = (0xCA01F9DD * p1 - 0x4973F715 * (v ^ v >> 16)) & m32
    p1 = v ^ v >> 16
    v = (p3 ^ 0x0E554A71) * 0x78C50DA5 & m32
    v = (0xCA01F9DD * p2 - 0x4973F715 * (v ^ v >> 16)) & m32
    p2 = v ^ v >> 16
    # generate_state(4, uint64): eight words hashed with the second sequence of constants
    v = (p0 ^ 0x8B51F9DD) * 0x464A0A99 & m32
    o0 = v ^ v >> 16
    v = (p1 ^ 0x464A0A99) * 0x819D14A5 & m32
    o1 = v ^ v >> 16
    v = (p2 ^ 0x819D14A5) * 0xD369FDC1 & m32
    o2 = v ^ v >> 16
    v = (p3 ^ 0xD369FDC1) * 0x501638AD & m32
    o3 = v ^ v >> 16
    v = (p0 ^ 0x501638AD) * 0xA600C129 & m32
    o4 = v ^ v >> 16
    v = (p1 ^ 0xA600C129) * 0x8B0167F5 & m32
    o5 = v ^ v >> 16
    v = (p2 ^ 0x8B0167F5) * 0x5C1E2ED1 & m32
    o6 = v ^ v >> 16
    v = (p3 ^ 0x5C1E2ED1) * 0x301D747D & m32
    o7 = v ^ v >> 16
    # paired little end first into PCG64's initial state and sequence; from state 0: a step
    # (to ``inc``), the initial state added, and a step
    initstate = o0 << 64 | o1 << 96 | o2 | o3 << 32
    inc = (o4 << 65 | o5 << 97 | o6 << 1 | o7 << 33 | 1) & _M128
    return ((inc + initstate) * _MULT_128 + inc) & _M128, inc


def _seed_wide(entropy: int) -> tuple[int, int]:
    """PCG64's (state, increment) as ``np.random.default_rng(entropy)`` sets them, any seed.

    SeedSequence's hashmix xors a value with the next of a sequence of constants and
    multiplies it by the one after; the constants are the same each seeding, so their pairs
    are worked out once (``_hash_keys``) and read here in the order the calls make them.
    """
    words = _words(entropy)
    extra = max(len(words) - _POOL_SIZE, 0)  # words past the pool's four: a wide seed
    keys = _hash_keys(_POOL_SIZE * (_POOL_SIZE + extra))
    m32, left, right, shift = _M32, _MIX_MULT_L, _MIX_MULT_R, _XSHIFT
    words += [0] * (_POOL_SIZE - len(words))
    pool = []
    for word, (xor, mult) in zip(words[:_POOL_SIZE], keys[:_POOL_SIZE], strict=True):
        value = (word ^ xor) * mult & m32
        pool.append(value ^ value >> shift)
    # each pool word mixed into each other one, then each word past the pool into each
    for src, dst, (xor, mult) in zip(
        _MIX_SOURCES, _MIX_DESTS, keys[_POOL_SIZE : len(_MIX_DESTS) + _POOL_SIZE], strict=True
    ):
        value = (pool[src] ^ xor) * mult & m32
        result = (left * pool[dst] - right * (value ^ value >> shift)) & m32
        pool[dst] = result ^ result >> shift
    at = _POOL_SIZE + len(_MIX_DESTS)
    for word in words[_POOL_SIZE:]:
        for dst in range(_POOL_SIZE):
            xor, mult = keys[at]
            at += 1
            value = (word ^ xor) * mult & m32
            result = (left * pool[dst] - right * (value ^ value >> shift)) & m32
            pool[dst] = result ^ result >> shift
    # generate_state(4, uint64): eight 32-bit words, paired little end first
    out = []
    for i, (xor, mult) in enumerate(_STATE_KEYS):
        value = (pool[i % _POOL_SIZE] ^ xor) * mult & m32
        out.append(value ^ value >> shift)
    seed = [out[2 * k] | out[2 * k + 1] << 32 for k in range(4)]
    initstate, initseq = seed[0] << 64 | seed[1], seed[2] << 64 | seed[3]
    inc = (initseq << 1 | 1) & _M128
    # from state 0: a step (to ``inc``), the seed added, and a step
    state = ((inc + initstate) * _MULT_128 + inc) & _M128
    return state, inc


def _key_pairs(start: int, mult: int, count: int) -> list[tuple[int, int]]:
    """``count`` pairs (c_k, c_(k+1)) of the constants c_0 = start, c_(k+1) = c_k * mult."""
    consts = [start]
    for _ in range(count):
        consts.append(consts[-1] * mult & _M32)
    return list(itertools.pairwise(consts))


#: The pool's mixing, in order: the source and destination word of each hashmix-and-mix.
_MIX_SOURCES, _MIX_DESTS = zip(
    *[(src, dst) for src in range(_POOL_SIZE) for dst in range(_POOL_SIZE) if src != dst],
    strict=True,
)
#: generate_state's constants (the same each seeding).
_STATE_KEYS = _key_pairs(_INIT_B, _MULT_B, 8)
_HASH_KEYS: list[tuple[int, int]] = []


def _hash_keys(calls: int) -> list[tuple[int, int]]:
    """hashmix's (xored, multiplied) constants for ``calls`` calls, in order (made longer as
    wider seeds come)."""
    global _HASH_KEYS
    if len(_HASH_KEYS) < calls:
        _HASH_KEYS = _key_pairs(_INIT_A, _MULT_A, max(calls, 32))
    return _HASH_KEYS


def random_bytes(state: int, inc: int, count: int) -> tuple[bytes, int]:
    """``count`` outputs of PCG64 from ``state``, as the bytes numpy's bounded draws read them
    (each 64-bit output little end first), and the state after them."""
    outputs: list[int] = []
    append = outputs.append
    mult, m64, m128 = _MULT_128, _M64, _M128
    for _ in range(count):
        state = (state * mult + inc) & m128
        x = ((state >> 64) ^ state) & m64
        y = x << (64 - (state >> 122))  # rotated right by the top 6 bits: its two halves
        append((y | y >> 64) & m64)
    return struct.pack(f"<{count}Q", *outputs), state


#: Per total (the count of choices, 2..255): the byte table of Lemire's draw (a random byte b
#: gives (b * total) >> 8) and the bytes it rejects (those whose low part falls below the
#: threshold, redrawn).
_LEMIRE: dict[int, tuple[bytes, bytes]] = {}


def _lemire(total: int) -> tuple[bytes, bytes]:
    found = _LEMIRE.get(total)
    if found is None:
        threshold = (256 - total) % total
        table = bytes((b * total) >> 8 for b in range(256))
        rejected = bytes(b for b in range(256) if (b * total) & 0xFF < threshold)
        found = _LEMIRE[total] = (table, rejected)
    return found


def bounded_bytes(entropy: int, total: int, count: int) -> bytes:
    """``np.random.default_rng(entropy).integers(0, total, count, dtype=np.uint8).tobytes()``
    for 1 <= total <= 255: one random byte for each draw, a rejected byte redrawn."""
    if not 1 <= total <= 255:
        raise ValueError("total must be from 1 to 255")
    if total == 1 or count <= 0:
        return bytes(max(count, 0))  # numpy draws nothing for a single choice
    table, rejected = _lemire(total)
    state, inc = seed_state(entropy)
    kept = b""
    while len(kept) < count:
        # the carvers' totals (2, 6, 24, 120 orders) reject 1 byte in 16 at most: an eighth
        # more and the rest of a last output (for a book maze's 20 to 2,000 bytes a second
        # round in at most about 1 maze of 40; the rounds give the same stream either way)
        need = count - len(kept)
        raw, state = random_bytes(state, inc, (need + need // 8 + 7) // 8)
        kept += raw.translate(table, rejected)
    return kept[:count]


class Pcg64:
    """``np.random.default_rng(entropy)`` for the few draws a small maze makes one at a time
    (a braid's order and picks): PCG64's 64-bit outputs, their 32-bit halves low first as
    numpy hands them out, and numpy's permutation and bounded 32-bit draws on them."""

    def __init__(self, entropy: int) -> None:
        self.state, self.inc = seed_state(entropy)
        self.half: int | None = None  # the high half of the last output, not yet drawn

    def next64(self) -> int:
        """The next 64-bit output (random_bytes' step, which keeps it inline in its loop)."""
        self.state = state = (self.state * _MULT_128 + self.inc) & _M128
        x = ((state >> 64) ^ state) & _M64
        y = x << (64 - (state >> 122))
        return (y | y >> 64) & _M64

    def next32(self) -> int:
        """The next 32 bits: an output's low half, then its high half."""
        half = self.half
        if half is not None:
            self.half = None
            return half
        value = self.next64()
        self.half = value >> 32
        return value & _M32

    def interval(self, most: int) -> int:
        """A whole number from 0 to ``most`` (below 2**32): masked draws, the ones past
        ``most`` redrawn (numpy's random_interval, by which it shuffles)."""
        if most == 0:
            return 0
        mask = (1 << most.bit_length()) - 1
        while True:
            value = self.next32() & mask
            if value <= most:
                return value

    def permutation(self, count: int) -> list[int]:
        """``Generator.permutation(count)``: 0..count-1 shuffled from the top down."""
        out = list(range(count))
        for i in range(count - 1, 0, -1):
            j = self.interval(i)
            out[i], out[j] = out[j], out[i]
        return out

    def integers(self, high: int, count: int) -> list[int]:
        """``Generator.integers(0, high, count)`` for 2 <= high <= 2**32: Lemire's draw on
        32 bits, a draw whose low part falls below the threshold redrawn."""
        threshold = (1 << 32) % high
        out = []
        for _ in range(count):
            m = self.next32() * high
            while m & _M32 < threshold:
                m = self.next32() * high
            out.append(m >> 32)
        return out
