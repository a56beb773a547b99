// A drawn chromatogram for the home page (static SVG: no plotting library on the public page).

function gaussian(x: number, center: number, width: number, height: number) {
  return height * Math.exp(-((x - center) ** 2) / (2 * width ** 2));
}

const peaks = [
  { center: 70, width: 5, height: 38 },
  { center: 130, width: 6, height: 92 },
  { center: 150, width: 5, height: 46 },
  { center: 230, width: 8, height: 120 },
  { center: 300, width: 7, height: 60 },
];

function tracePath(): string {
  const points: string[] = [];
  for (let x = 0; x <= 380; x += 2) {
    const drift = 4 + x * 0.01;
    const y = peaks.reduce((sum, peak) => sum + gaussian(x, peak.center, peak.width, peak.height), drift);
    points.push(`${x === 0 ? 'M' : 'L'}${x + 10},${(150 - y).toFixed(1)}`);
  }
  return points.join(' ');
}

const path = tracePath();

export function ChromatogramArt() {
  return (
    <svg
      className="chromatogram-art"
      viewBox="0 0 400 170"
      role="img"
      aria-label="A chromatogram with five peaks"
    >
      {[30, 70, 110, 150].map((y) => (
        <line key={y} x1="10" x2="390" y1={y} y2={y} stroke="#e6eef0" />
      ))}
      <line x1="10" x2="390" y1="146" y2="142" stroke="#f0a35e" strokeDasharray="4 3" />
      <path d={path} fill="none" stroke="#0e5a6b" strokeWidth="2" strokeLinejoin="round" />
      {peaks.map((peak, index) => (
        <text
          key={peak.center}
          x={peak.center + 10}
          y={150 - peak.height - 8 - 4}
          textAnchor="middle"
          className="chromatogram-art__label"
        >
          {index + 1}
        </text>
      ))}
      <text x="390" y="165" textAnchor="end" className="chromatogram-art__axis">
        min
      </text>
    </svg>
  );
}
