/**
 * A small bar chart in plain SVG (no charting library in the admin's dependencies): one bar
 * per period, the values as tooltips, and the same numbers as a table for screen readers.
 */
import { theme } from 'antd';
import { VisuallyHidden } from '../../../components/visually-hidden';

export interface BarDatum {
  label: string;
  /** Short label under the bar (e.g. 'Mar'). */
  tick: string;
  value: number;
}

interface Props {
  title: string;
  data: BarDatum[];
  format?: (value: number) => string;
  height?: number;
}

const WIDTH = 360;
const AXIS = 18;
const TOP = 14;

export function BarChart({ title, data, format = String, height = 160 }: Props) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...data.map((d) => d.value));
  const slot = WIDTH / Math.max(1, data.length);
  const barWidth = Math.max(4, slot * 0.62);
  const plot = height - AXIS - TOP;
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const last = data.at(-1);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-label={`${title}: ${format(total)} in all${last ? `, ${format(last.value)} in ${last.label}` : ''}`}
        style={{ display: 'block' }}
      >
        <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} stroke={token.colorBorder} />
        {data.map((d, i) => {
          const h = d.value ? Math.max(2, (d.value / max) * plot) : 0;
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={d.label}>
              <title>{`${d.label}: ${format(d.value)}`}</title>
              <rect x={x} y={TOP + plot - h} width={barWidth} height={h} rx={2} fill={token.colorPrimary} />
              {d.value === max && d.value > 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={TOP + plot - h - 3}
                  textAnchor="middle"
                  fontSize={10}
                  fill={token.colorTextSecondary}
                >
                  {format(d.value)}
                </text>
              ) : null}
              <text
                x={i * slot + slot / 2}
                y={height - 4}
                textAnchor="middle"
                fontSize={10}
                fill={token.colorTextSecondary}
              >
                {d.tick}
              </text>
            </g>
          );
        })}
      </svg>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
