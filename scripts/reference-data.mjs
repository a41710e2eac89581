// Regenerates domain/common/reference/countries.json and nigeria.json from pinned npm packages:
//   node scripts/reference-data.mjs
// The packages are fetched with `npm pack` into a temporary folder rather than installed: the
// country package carries 74 MB of city data this project does not use, and only this script
// reads it. The integrity of each tarball is checked against the value pinned here, so a rerun
// gives the same files byte for byte.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'domain', 'reference');

const SOURCES = {
  // dr5hn's countries-states-cities database (ODbL-1.0): ISO codes, capital, region, subregion
  // and the ISO 3166-2 subdivisions with their type.
  countries: {
    spec: '@countrystatecity/countries@1.0.9',
    integrity: 'sha512-CnrvnMJS4lLZGFpEp+NuDN73DkDm7CkVE7wtTgntDNt3RQrQKgfs80VWDEIUmQpNSazlR7ipg4Qjc/xVAxFOVw==',
  },
  // Nigeria's 36 states and the FCT with their 774 local government areas (ISC).
  nigeria: {
    spec: 'nigerian-states-and-lgas@1.0.8',
    integrity: 'sha512-zfl5y+fXAvzfrGqKTDUx+U1/xus5MH1zR3UZTRbkNO5VGvanKgFcFRJ3ogQbYJytXNZn9t0PjLSk4D2BCvHDuw==',
  },
};

/** Corrections to the Nigerian source, each with its reason. */
const NIGERIA_STATE_NAMES = {
  Kastina: 'Katsina', // a typo in the source
  'Federal Capital Territory': 'Abuja FCT', // as the profile names it, with the alias abuja
};

function unpack(spec, integrity, workDir) {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', workDir], { encoding: 'utf8' }));
  if (packed.integrity !== integrity) throw new Error(`${spec}: integrity ${packed.integrity} is not the pinned ${integrity}`);
  const dir = path.join(workDir, packed.name.replace(/[@/]/g, '_'));
  fs.mkdirSync(dir);
  execFileSync('tar', ['xzf', path.join(workDir, packed.filename), '-C', dir]);
  return path.join(dir, 'package');
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function countriesFrom(pkg) {
  const data = path.join(pkg, 'dist', 'data');
  // One folder per country with states, named '<Name>-<code2>'; a country without one has none.
  const folders = new Map(
    fs
      .readdirSync(data, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => [e.name.slice(e.name.lastIndexOf('-') + 1), path.join(data, e.name)]),
  );
  const statesOf = (code2) => {
    const folder = folders.get(code2);
    if (!folder) return [];
    return readJson(path.join(folder, 'states.json'))
      .map((s) => ({ code: String(s.iso2), name: s.name, subdivision: s.type || null }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code, 'en'));
  };
  return readJson(path.join(data, 'countries.json'))
    .map((c) => ({
      code2: c.iso2,
      code3: c.iso3,
      name: c.name,
      capital: c.capital ?? '',
      region: c.region ?? '',
      subregion: c.subregion ?? '',
      states: statesOf(c.iso2),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

function nigeriaFrom(pkg) {
  const { states } = createRequire(import.meta.url)(path.join(pkg, 'lib', 'states.js'));
  return states
    .map(({ state, lgas }) => {
      const name = NIGERIA_STATE_NAMES[state] ?? state;
      const alias = name === 'Abuja FCT' ? 'abuja' : name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
      return { state: name, alias, lgas: [...lgas].sort((a, b) => a.localeCompare(b, 'en')) };
    })
    .sort((a, b) => a.state.localeCompare(b.state, 'en'));
}

/** JSON with one record (or state) per line: small diffs when the source changes. */
function lines(records, nested) {
  const body = records.map((r) => {
    if (!nested || r[nested].length === 0) return `  ${JSON.stringify(r)}`;
    const { [nested]: items, ...rest } = r;
    const head = JSON.stringify(rest).slice(0, -1);
    return `  ${head},"${nested}":[\n${items.map((i) => `    ${JSON.stringify(i)}`).join(',\n')}\n  ]}`;
  });
  return `[\n${body.join(',\n')}\n]\n`;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-reference-'));
try {
  const countries = countriesFrom(unpack(SOURCES.countries.spec, SOURCES.countries.integrity, work));
  const nigeria = nigeriaFrom(unpack(SOURCES.nigeria.spec, SOURCES.nigeria.integrity, work));
  fs.writeFileSync(path.join(outDir, 'countries.json'), lines(countries, 'states'));
  fs.writeFileSync(path.join(outDir, 'nigeria.json'), lines(nigeria));
  const lgas = nigeria.reduce((n, s) => n + s.lgas.length, 0);
  console.log(`${countries.length} countries, ${nigeria.length} Nigerian entries with ${lgas} LGAs`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
