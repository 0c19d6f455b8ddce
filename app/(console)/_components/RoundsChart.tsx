"use client";
// The latest rounds of a price feed as a small line (oldest left), prices already scaled by decimals.
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export function RoundsChart({ points, title }: { points: { round: string; price: number }[]; title: string }) {
  return (
    <figure className="chart" style={{ margin: 0, height: 120 }} aria-label={`${title}: ${points.length} rounds`}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <XAxis dataKey="round" tick={{ fontSize: 11, fill: "#5b6478" }} tickLine={false} axisLine={{ stroke: "#e3e8ee" }} minTickGap={16} />
          <YAxis domain={["auto", "auto"]} tick={{ fontSize: 11, fill: "#5b6478" }} tickLine={false} axisLine={false} width={64} />
          <Tooltip contentStyle={{ borderRadius: 8, border: "1px solid #e3e8ee", fontSize: 12 }} />
          <Line type="monotone" dataKey="price" stroke="#5b4fe9" dot={false} strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
