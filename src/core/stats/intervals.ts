// 95% intervals for accuracies: Wilson score for one cell's runs, and a seeded percentile bootstrap
// over sources for values that pool sources (a model over its domains) or average models with equal
// weight (the overall row). Seeded per series, so a number's interval does not change when another
// model or column is added, and the same input always gives the same interval.

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/** Wilson score interval for `correct` of `n`, as fractions; null when n is 0. */
export function wilsonInterval(correct: number, n: number, z = Z95): [number, number] | null {
  if (n <= 0) return null;
  const p = correct / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** mulberry32: a small, fast PRNG with a 32-bit state; good enough for resampling indices. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a string mixed with a seed: one independent stream per named series. */
export function seriesSeed(seed: number, name: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Linear-interpolated quantile (type 7) of sorted values. */
function quantileSorted(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function percentileInterval(values: Float64Array): [number, number] | null {
  const finite = Float64Array.from(values.filter((v) => Number.isFinite(v))).sort();
  if (finite.length === 0) return null;
  return [quantileSorted(finite, 0.025), quantileSorted(finite, 0.975)];
}

/** One source's scored runs in one column of one model (or one series). */
export interface SourceCount {
  correct: number;
  n: number;
}

export interface BootstrapOptions {
  seed: number;
  resamples: number;
}

export const DEFAULT_BOOTSTRAP: BootstrapOptions = { seed: 20250701, resamples: 1000 };

/** Draws |sources| indices with replacement; returns how often each source was drawn. */
function drawMultiplicities(size: number, random: () => number, into: Int32Array): void {
  into.fill(0);
  for (let i = 0; i < size; i++) into[(random() * size) | 0]!++;
}

/**
 * Pooled accuracy (sum correct / sum n over sources, as a fraction) under resampling of the sources:
 * the replicate values, for a percentile interval.
 */
export function bootstrapPooled(
  sources: readonly SourceCount[],
  series: string,
  opts: BootstrapOptions = DEFAULT_BOOTSTRAP,
): Float64Array {
  const out = new Float64Array(opts.resamples);
  const size = sources.length;
  if (size === 0) return out.fill(NaN);
  const random = seededRandom(seriesSeed(opts.seed, series));
  const weights = new Int32Array(size);
  const correctOf = Int32Array.from(sources, (x) => x.correct);
  const nOf = Int32Array.from(sources, (x) => x.n);
  for (let b = 0; b < opts.resamples; b++) {
    drawMultiplicities(size, random, weights);
    let correct = 0;
    let n = 0;
    for (let s = 0; s < size; s++) {
      const w = weights[s]!;
      correct += w * correctOf[s]!;
      n += w * nOf[s]!;
    }
    out[b] = n > 0 ? correct / n : NaN;
  }
  return out;
}

/**
 * The equal-weight mean of several models' pooled accuracies when the sources (the union of the
 * models' sources) are resampled jointly, which keeps the models' correlation on shared sources.
 * `byModel[m]` maps a source's index in the union to that model's count (absent: not run).
 * A replicate averages the models that drew at least one of their sources.
 */
export function bootstrapEqualWeight(
  unionSize: number,
  byModel: ReadonlyArray<ReadonlyMap<number, SourceCount>>,
  series: string,
  opts: BootstrapOptions = DEFAULT_BOOTSTRAP,
): Float64Array {
  const out = new Float64Array(opts.resamples);
  if (unionSize === 0 || byModel.length === 0) return out.fill(NaN);
  const random = seededRandom(seriesSeed(opts.seed, series));
  const weights = new Int32Array(unionSize);
  const models = byModel.map((m) => ({
    idx: Int32Array.from(m.keys()),
    correct: Int32Array.from([...m.values()].map((c) => c.correct)),
    n: Int32Array.from([...m.values()].map((c) => c.n)),
  }));
  for (let b = 0; b < opts.resamples; b++) {
    drawMultiplicities(unionSize, random, weights);
    let sum = 0;
    let terms = 0;
    for (const m of models) {
      let correct = 0;
      let n = 0;
      for (let i = 0; i < m.idx.length; i++) {
        const w = weights[m.idx[i]!]!;
        correct += w * m.correct[i]!;
        n += w * m.n[i]!;
      }
      if (n > 0) {
        sum += correct / n;
        terms++;
      }
    }
    out[b] = terms ? sum / terms : NaN;
  }
  return out;
}
