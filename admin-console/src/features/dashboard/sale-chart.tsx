import { formatStaffDateTime, STAFF_TIME_ZONE } from '@concert/shared/api';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 240;

/**
 * Confirmed tickets and new kronor a month per minute over the sale (uPlot: small and fast,
 * loaded only with this chart). Minutes without activity are zero; the figures above say the
 * same in words, so the canvas is hidden from screen readers.
 */
export function SaleChart({
  perMinute,
  labels,
  lang,
}: {
  perMinute: [number, number, number][];
  labels: { time: string; tickets: string; kronor: string };
  lang: 'sv' | 'en';
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  const data = fillMinutes(perMinute);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        // Stockholm's clock, staff time's words: never uPlot's US 12-hour dates in the machine's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), STAFF_TIME_ZONE),
        scales: { x: { time: true, range: minuteRange }, kr: { auto: true } },
        axes: [
          { values: axisTimes, label: labels.time },
          { label: labels.tickets },
          { side: 1, scale: 'kr', label: labels.kronor, grid: { show: false } },
        ],
        series: [
          { label: labels.time, value: (_u, v) => (v == null ? '–' : formatStaffDateTime(v * 1000)) },
          { label: labels.tickets, stroke: '#0a5bd3', width: 2, fill: 'rgba(10,91,211,0.12)' },
          { label: labels.kronor, scale: 'kr', stroke: '#0a7a33', width: 2, dash: [6, 4] },
        ],
      },
      data,
      element,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // Built once per language and labels; new figures only update the data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang, labels.time, labels.tickets, labels.kronor]);

  useEffect(() => {
    plot.current?.setData(data);
  });

  return <div className="sale-chart" ref={box} aria-hidden="true" />;
}

/** A sale of one minute (or none yet) is shown as the hour around it, not uPlot's years around a point. */
function minuteRange(_u: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  const lo = min ?? Date.now() / 1000;
  const hi = max ?? lo;
  return hi - lo < 600 ? [lo - 1800, hi + 1800] : [lo, hi];
}

/** Tick labels in staff time: the clock within a day, the date over longer spans. */
function axisTimes(u: uPlot, splits: number[]): string[] {
  const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
  return splits.map((s) => {
    const text = formatStaffDateTime(s * 1000);
    return span > 86_400 ? text.slice(0, 10) : text.slice(11);
  });
}

/** At most a day of minutes is drawn point by point; a longer sale keeps its busy minutes only. */
const MAX_FILLED = 24 * 60;

/** uPlot's columns, with the quiet minutes between busy ones as zeros (a sale's day has at most 1,440). */
function fillMinutes(perMinute: [number, number, number][]): uPlot.AlignedData {
  const first = perMinute[0]?.[0] ?? 0;
  const last = perMinute.at(-1)?.[0] ?? 0;
  const span = (last - first) / 60 + 1;
  if (span > MAX_FILLED)
    return [perMinute.map((p) => p[0]), perMinute.map((p) => p[1]), perMinute.map((p) => p[2])];
  const byMinute = new Map(perMinute.map((p) => [p[0], p]));
  const xs: number[] = [];
  const tickets: number[] = [];
  const kronor: number[] = [];
  for (let m = first; m <= last; m += 60) {
    const p = byMinute.get(m);
    xs.push(m);
    tickets.push(p?.[1] ?? 0);
    kronor.push(p?.[2] ?? 0);
  }
  return [xs, tickets, kronor];
}
