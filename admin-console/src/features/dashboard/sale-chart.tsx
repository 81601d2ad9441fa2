import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 240;

/**
 * Confirmed tickets and new kronor a month per minute over the sale (uPlot: small and fast,
 * loaded only with this chart). Minutes without activity are zero; the figures above say the
 * same in words, so the canvas is hidden from screen readers.
 */
export function SaleChart({ perMinute, labels, lang }: { perMinute: [number, number, number][]; labels: { tickets: string; kronor: string }; lang: 'sv' | 'en' }) {
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
        scales: { x: { time: true }, kr: { auto: true } },
        axes: [{}, { label: labels.tickets }, { side: 1, scale: 'kr', label: labels.kronor, grid: { show: false } }],
        series: [{}, { label: labels.tickets, stroke: '#0a5bd3', width: 2, fill: 'rgba(10,91,211,0.12)' }, { label: labels.kronor, scale: 'kr', stroke: '#0a7a33', width: 2, dash: [6, 4] }],
      },
      data,
      element,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
    // Built once per language and labels; new figures only update the data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang, labels.tickets, labels.kronor]);

  useEffect(() => {
    plot.current?.setData(data);
  });

  return <div className="sale-chart" ref={box} aria-hidden="true" />;
}

/** At most a day of minutes is drawn point by point; a longer sale keeps its busy minutes only. */
const MAX_FILLED = 24 * 60;

/** uPlot's columns, with the quiet minutes between busy ones as zeros (a sale's day has at most 1,440). */
function fillMinutes(perMinute: [number, number, number][]): uPlot.AlignedData {
  const first = perMinute[0]?.[0] ?? 0;
  const last = perMinute.at(-1)?.[0] ?? 0;
  const span = (last - first) / 60 + 1;
  if (span > MAX_FILLED) return [perMinute.map((p) => p[0]), perMinute.map((p) => p[1]), perMinute.map((p) => p[2])];
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
