/**
 * The alert rules, the dashboard and the compose profile `ops` (issue 28, item 3), checked as
 * files: they parse, every metric they query is one this application exports (or a standard
 * Prometheus/node_exporter one), the README explains every alert, and, where Debian's
 * `prometheus` package is installed, `promtool check rules` accepts the rules.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config/app-config';
import { registry } from './metrics';

const read = (name: string) => readFileSync(join(REPO_ROOT, name), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const OUTSIDE_METRICS = new Set(['up', 'node_filesystem_avail_bytes', 'node_filesystem_size_bytes']);

async function exported(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m.name + s);
  }
  return names;
}

/** Metric names in a PromQL expression: identifiers followed by { or [ or standing alone. */
function metricsIn(expr: string): string[] {
  const functions = new Set([
    'sum',
    'max',
    'min',
    'rate',
    'increase',
    'delta',
    'by',
    'and',
    'or',
    'clamp_min',
    'histogram_quantile',
    'le',
    'without',
    'avg',
  ]);
  const cleaned = expr
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/\([^()]*\bby\b/g, '(');
  return [...cleaned.matchAll(/\b([a-z_][a-z0-9_]*)\b(?!\s*\()/g)]
    .map((m) => m[1])
    .filter(
      (name) =>
        !functions.has(name) && !/^(le|queue|state|route|instance|outcome|final|status_class)$/.test(name),
    );
}

function balanced(expr: string): boolean {
  const open: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const c of expr.replace(/"[^"]*"/g, '""')) {
    if ('([{'.includes(c)) open.push(c);
    else if (c in pairs && open.pop() !== pairs[c]) return false;
  }
  return open.length === 0;
}

describe('ops/prometheus/alerts.yml', () => {
  const rules = (parse(read('ops/prometheus/alerts.yml')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
    (g) => g.rules,
  );

  it('covers mail failures, queue age, webhook refusals, 5xx rate, disk and reconciliation', () => {
    const exprs = rules.map((r) => r.expr).join('\n');
    for (const needle of [
      'studio_mail_failed_total',
      'studio_queue_oldest_waiting_seconds',
      'studio_stripe_webhook_events_total{outcome=~"refused|error"}',
      'status_class="5xx"',
      'node_filesystem_avail_bytes',
      'studio_reconciliation_differences',
    ])
      expect(exprs).toContain(needle);
  });

  it('gives every rule a unique name, a severity, a summary and a description', () => {
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      expect([rule.alert, rule.labels?.severity]).toEqual([
        rule.alert,
        expect.stringMatching(/^(page|warn)$/),
      ]);
      expect(rule.annotations?.summary).toEqual(expect.any(String));
      expect(rule.annotations?.description).toEqual(expect.any(String));
      expect(rule.for ?? '0m').toMatch(/^\d+[smh]$/);
    }
  });

  it('queries only metrics the application exports (or up and node_exporter ones)', async () => {
    const names = await exported();
    for (const rule of rules)
      for (const metric of metricsIn(rule.expr))
        expect([rule.alert, metric, names.has(metric) || OUTSIDE_METRICS.has(metric)]).toEqual([
          rule.alert,
          metric,
          true,
        ]);
  });

  it('is explained, alert by alert, in the README', () => {
    const readme = read('README.md');
    for (const rule of rules)
      expect([rule.alert, readme.includes(`\`${rule.alert}\``)]).toEqual([rule.alert, true]);
  });

  it('passes promtool check rules where Debian prometheus is installed, else has balanced expressions', () => {
    const which = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' });
    if (which.status !== 0) {
      // No promtool here: at least every expression's brackets pair up (CI installs promtool).
      for (const rule of rules) expect([rule.alert, balanced(rule.expr)]).toEqual([rule.alert, true]);
      return;
    }
    const result = spawnSync(
      which.stdout.trim(),
      ['check', 'rules', join(REPO_ROOT, 'ops/prometheus/alerts.yml')],
      {
        encoding: 'utf8',
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`SUCCESS: ${rules.length} rules found`);
  });
});

describe('ops/grafana/studio.json and the compose profile ops', () => {
  it('draws only metrics the application exports', async () => {
    const names = await exported();
    const dash = JSON.parse(read('ops/grafana/studio.json')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    expect(dash.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dash.panels)
      for (const target of panel.targets)
        for (const metric of metricsIn(target.expr))
          expect([panel.title, metric, names.has(metric)]).toEqual([panel.title, metric, true]);
  });

  it('runs Prometheus and Grafana in profile ops, mounting files that exist', () => {
    const compose = parse(read('docker-compose.yml')) as {
      services: Record<string, { profiles?: string[]; volumes?: string[] }>;
    };
    for (const name of ['prometheus', 'grafana']) {
      const service = compose.services[name];
      expect(service.profiles).toEqual(['ops']);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('./'))
          expect([source, existsSync(join(REPO_ROOT, source))]).toEqual([source, true]);
      }
    }
    expect(read('ops/prometheus/prometheus.yml')).toContain('/etc/prometheus/alerts.yml');
  });

  it('runs Jaeger in profile ops, and passes the OTLP endpoint to the app', () => {
    const compose = parse(read('docker-compose.yml')) as {
      services: Record<
        string,
        { profiles?: string[]; expose?: string[]; environment?: Record<string, string> }
      >;
    };
    expect(compose.services.jaeger).toMatchObject({ profiles: ['ops'], expose: ['4318'] });
    expect(compose.services.app.environment?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe(
      '${OTEL_EXPORTER_OTLP_ENDPOINT:-}',
    );
  });
});
