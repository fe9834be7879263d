// Builds world-50m.json, the outlines the astrocartography map draws, from
// Natural Earth 4.1.0 at 1:50m (public domain) as world-atlas 2.0.2
// redistributes it (TopoJSON, ISC). See README.md.
//
//   cd shared/world && npm ci && node build.mjs
//
// topojson-simplify keeps the topology (shared borders stay shared) while it
// drops points whose triangle is under MIN_WEIGHT square degrees: 0.01 is a
// fifth of a square pixel on a 1,600 px map. d3-geo projects onto the
// equirectangular map 1,600 units wide and 800 high (180°W at x 0, 90°N at
// y 0) and cuts rings at the antimeridian and around the poles, so land
// fills stay on their side (Chukotka, Fiji, Antarctica).
import fs from 'node:fs';
import { geoEquirectangular, geoPath } from 'd3-geo';
import * as topojson from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';

const MIN_WEIGHT = 0.01;
const WIDTH = 1600;

const source = JSON.parse(fs.readFileSync('node_modules/world-atlas/countries-50m.json', 'utf8'));
const world = simplify(presimplify(source), MIN_WEIGHT);

const projection = geoEquirectangular()
  .scale(WIDTH / (2 * Math.PI))
  .translate([WIDTH / 2, WIDTH / 4])
  .precision(0.1);
const path = geoPath(projection).digits(1);

const land = path(topojson.feature(world, world.objects.land));
// Borders: the arcs two countries share (the coast is the land's outline).
const borders = path(topojson.mesh(world, world.objects.countries, (a, b) => a !== b));

const out = {
  source:
    'Natural Earth 4.1.0, 1:50m Admin 0 countries (public domain), via world-atlas 2.0.2; simplified with topojson-simplify (minimum weight 0.01 square degrees); projected with d3-geo geoEquirectangular onto 1600 x 800 units, 180°W at x 0, 90°N at y 0',
  width: WIDTH,
  height: WIDTH / 2,
  land,
  borders,
};
fs.writeFileSync('world-50m.json', JSON.stringify(out));
console.log(`land: ${land.length} bytes, ${(land.match(/M/g) || []).length} rings; borders: ${borders.length} bytes`);
