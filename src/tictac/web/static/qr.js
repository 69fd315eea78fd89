// A small QR code encoder for the room's share link: byte mode, error correction level M,
// versions 1-10 (up to 213 bytes), drawn as one SVG path. Checked module for module against
// segno (the server's QR library) in tests/browser/test_qr.py.

// Per version at level M: [EC codewords per block, blocks of the short group, data codewords
// per short block, blocks of the long group (one more data codeword each)].
const LEVEL_M = [
  null,
  [10, 1, 16, 0], [16, 1, 28, 0], [26, 1, 44, 0], [18, 2, 32, 0], [24, 2, 43, 0],
  [16, 4, 27, 0], [18, 4, 31, 0], [22, 2, 38, 2], [22, 3, 36, 2], [26, 4, 43, 1],
];
const ALIGN_STEP = [0, 0, 12, 16, 20, 24, 28, 16, 18, 20, 22];

function gfMul(a, b) {
  let product = 0;
  for (let bit = 7; bit >= 0; bit--) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    if ((b >>> bit) & 1) product ^= a;
  }
  return product & 0xff;
}

function rsGenerator(degree) {
  const poly = new Array(degree).fill(0);
  poly[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      poly[j] = gfMul(poly[j], root);
      if (j + 1 < degree) poly[j] ^= poly[j + 1];
    }
    root = gfMul(root, 2);
  }
  return poly;
}

function rsRemainder(data, generator) {
  const rest = new Array(generator.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ rest.shift();
    rest.push(0);
    generator.forEach((coef, i) => { rest[i] ^= gfMul(coef, factor); });
  }
  return rest;
}

function dataCapacity(version) {
  const [, short, size, long] = LEVEL_M[version];
  return short * size + long * (size + 1);
}

function encodeBytes(bytes, version) {
  const bits = [];
  const put = (value, length) => { for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  const capacityBits = dataCapacity(version) * 8;
  put(0, Math.min(4, capacityBits - bits.length));
  while (bits.length % 8) bits.push(0);
  const codewords = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  for (let pad = 0xec; codewords.length < dataCapacity(version); pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

function interleave(codewords, version) {
  const [ecLength, short, size, long] = LEVEL_M[version];
  const generator = rsGenerator(ecLength);
  const blocks = [];
  let at = 0;
  for (let b = 0; b < short + long; b++) {
    const length = b < short ? size : size + 1;
    const data = codewords.slice(at, at + length);
    at += length;
    blocks.push({ data, ec: rsRemainder(data, generator) });
  }
  const out = [];
  for (let i = 0; i <= size; i++) for (const block of blocks) if (i < block.data.length) out.push(block.data[i]);
  for (let i = 0; i < ecLength; i++) for (const block of blocks) out.push(block.ec[i]);
  return out;
}

function bchBits(value, valueBits, generator, generatorDegree) {
  let rest = value << generatorDegree;
  for (let bit = valueBits + generatorDegree - 1; bit >= generatorDegree; bit--) {
    if ((rest >>> bit) & 1) rest ^= generator << (bit - generatorDegree);
  }
  return (value << generatorDegree) | rest;
}

const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Grid {
  constructor(version) {
    this.version = version;
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
  }

  setFixed(x, y, dark) {
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return;
    this.dark[y][x] = dark;
    this.fixed[y][x] = true;
  }

  drawPatterns() {
    const { size, version } = this;
    for (let i = 0; i < size; i++) {
      this.setFixed(6, i, i % 2 === 0);
      this.setFixed(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const ring = Math.max(Math.abs(dx), Math.abs(dy));
          this.setFixed(cx + dx, cy + dy, ring !== 2 && ring !== 4);
        }
      }
    }
    if (version > 1) {
      const last = size - 7;
      const centres = [6];
      for (let c = last; c > 6; c -= ALIGN_STEP[version]) centres.splice(1, 0, c);
      for (const cy of centres) {
        for (const cx of centres) {
          const nearFinder = (cx === 6 && cy === 6) || (cx === 6 && cy === last) || (cx === last && cy === 6);
          if (nearFinder) continue;
          for (let dy = -2; dy <= 2; dy++) {
            for (let dx = -2; dx <= 2; dx++) this.setFixed(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
          }
        }
      }
    }
    this.drawFormat(0);
    if (version >= 7) {
      const bits = bchBits(version, 6, 0x1f25, 12);
      for (let i = 0; i < 18; i++) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.setFixed(a, b, dark);
        this.setFixed(b, a, dark);
      }
    }
  }

  // Level M is 00 in the format field.
  drawFormat(mask) {
    const { size } = this;
    const bits = bchBits(mask, 5, 0x537, 10) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) this.setFixed(8, i, bit(i));
    this.setFixed(8, 7, bit(6));
    this.setFixed(8, 8, bit(7));
    this.setFixed(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.setFixed(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.setFixed(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.setFixed(8, size - 15 + i, bit(i));
    this.setFixed(8, size - 8, true);
  }

  placeData(codewords) {
    const { size } = this;
    const total = codewords.length * 8;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((right + 1) & 2) === 0;
      for (let step = 0; step < size; step++) {
        const y = upward ? size - 1 - step : step;
        for (const x of [right, right - 1]) {
          if (this.fixed[y][x]) continue;
          this.dark[y][x] = i < total && ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  applyMask(mask) {
    const test = MASKS[mask];
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) if (!this.fixed[y][x] && test(x, y)) this.dark[y][x] = !this.dark[y][x];
    }
  }

  penalty() {
    const { size, dark } = this;
    let score = 0;
    const lines = [];
    for (let i = 0; i < size; i++) {
      lines.push(dark[i]);
      lines.push(dark.map((row) => row[i]));
    }
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= size; i++) {
        if (i < size && line[i] === line[i - 1]) { run++; continue; }
        if (run >= 5) score += run - 2;
        run = 1;
      }
      const text = line.map((d) => (d ? '1' : '0')).join('');
      for (const pattern of ['10111010000', '00001011101']) {
        for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) score += 40;
      }
    }
    let darkCount = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (dark[y][x]) darkCount++;
        if (x + 1 < size && y + 1 < size) {
          const c = dark[y][x];
          if (dark[y][x + 1] === c && dark[y + 1][x] === c && dark[y + 1][x + 1] === c) score += 3;
        }
      }
    }
    score += 10 * Math.floor(Math.abs((darkCount * 100) / (size * size) - 50) / 5);
    return score;
  }
}

// The matrix (rows of booleans, true = dark) of `text` in the smallest version that holds it.
export function qrMatrix(text, forcedMask = null) {
  const bytes = Array.from(new TextEncoder().encode(text));
  let version = 1;
  while (version <= 10 && dataCapacity(version) < bytes.length + (version < 10 ? 2 : 3)) version++;
  if (version > 10) throw new RangeError('text too long for a QR code here');
  const data = encodeBytes(bytes, version);
  const codewords = interleave(data, version);
  let best = null;
  for (let mask = 0; mask < 8; mask++) {
    if (forcedMask !== null && mask !== forcedMask) continue;
    const grid = new Grid(version);
    grid.drawPatterns();
    grid.placeData(codewords);
    grid.applyMask(mask);
    grid.drawFormat(mask);
    const score = forcedMask === null ? grid.penalty() : 0;
    if (!best || score < best.score) best = { score, grid, mask };
  }
  return { version, mask: best.mask, rows: best.grid.dark, data };
}

// An <svg> of the code with its 4-module quiet zone, labelled for screen readers.
export function qrSvg(text, label) {
  const { rows } = qrMatrix(text);
  const size = rows.length + 8;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('shape-rendering', 'crispEdges');
  const back = document.createElementNS(ns, 'rect');
  back.setAttribute('width', String(size));
  back.setAttribute('height', String(size));
  back.setAttribute('fill', '#fff');
  svg.appendChild(back);
  let d = '';
  rows.forEach((row, y) => row.forEach((isDark, x) => { if (isDark) d += `M${x + 4} ${y + 4}h1v1h-1z`; }));
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.appendChild(path);
  return svg;
}
