"use client";
// Daily series of the analytics endpoints as stacked bars (counts by status) with an optional line
// (a rate or a latency) on a second axis.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const COLORS: Record<string, string> = {
  deployed: "#0a7c4a",
  confirmed: "#0a7c4a",
  succeeded: "#0a7c4a",
  deploying: "#6b8afd",
  pending: "#6b8afd",
  submitted: "#9aa9f7",
  failed: "#d6365a",
};
const FALLBACK = ["#5b4fe9", "#f59e0b", "#14b8a6", "#64748b"];

export interface Day {
  date: string;
  by_status: Record<string, number>;
  line?: number | null;
}

export function StatusChart({ series, statuses, lineLabel, lineUnit, title }: { series: Day[]; statuses: string[]; lineLabel?: string; lineUnit?: string; title: string }) {
  const data = series.map((d) => ({ date: d.date.slice(5), ...Object.fromEntries(statuses.map((s) => [s, d.by_status[s] ?? 0])), line: d.line ?? null }));
  const total = series.reduce((n, d) => n + Object.values(d.by_status).reduce((a, b) => a + b, 0), 0);
  return (
    <figure className="chart" style={{ margin: 0 }} aria-label={`${title}: ${total} in the period`}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: lineLabel ? 4 : 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="#eef1f5" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 11, fill: "#5b6478" }} tickLine={false} axisLine={{ stroke: "#e3e8ee" }} minTickGap={16} />
          <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 11, fill: "#5b6478" }} tickLine={false} axisLine={false} width={44} />
          {lineLabel ? (
            <YAxis yAxisId="line" orientation="right" tick={{ fontSize: 11, fill: "#5b6478" }} tickLine={false} axisLine={false} width={lineUnit && lineUnit.length > 1 ? 60 : 44} unit={lineUnit} />
          ) : null}
          <Tooltip contentStyle={{ borderRadius: 8, border: "1px solid #e3e8ee", fontSize: 12 }} cursor={{ fill: "rgba(91,79,233,0.06)" }} />
          <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
          {statuses.map((s, i) => (
            <Bar key={s} yAxisId="count" dataKey={s} stackId="status" fill={COLORS[s] ?? FALLBACK[i % FALLBACK.length]} maxBarSize={28} isAnimationActive={false} />
          ))}
          {lineLabel ? (
            <Line yAxisId="line" type="monotone" dataKey="line" name={lineLabel} stroke="#f59e0b" strokeWidth={2} dot={{ r: 2.5, fill: "#f59e0b" }} connectNulls isAnimationActive={false} unit={lineUnit} />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
