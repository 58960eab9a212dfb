// The map as SVG: terrain-coloured hexes, rivers along hexsides, roads across them,
// town markers and names, the printed hex ID in each hex; pan and zoom by mouse,
// touch and keyboard. Geometry comes from the server: hex centres (neighbours 1
// apart) and the six direction vectors, so both hex orientations draw alike.
import { MapInfo, MapHex } from "./api";
import { svg } from "./dom";

export const S = 64; // pixels between neighbouring hex centres at zoom 1

// Base colours by terrain word; the first word of a hex found here colours it.
const TERRAIN_COLOURS: Record<string, string> = {
  clear: "#e9e4c9", open: "#e9e4c9", polder: "#dfe8c2",
  woods: "#9fbf7f", forest: "#8fb26f", "light woods": "#b7cf95", bocage: "#a9c48a",
  rough: "#cdb98f", hills: "#d4bd8a", hill: "#d4bd8a", mountain: "#b9a27a", broken: "#cfc08f",
  marsh: "#b8d3c5", swamp: "#b0cbbd", water: "#9cc3e0", lake: "#9cc3e0", sea: "#8ab6da",
  town: "#e9e4c9", village: "#e9e4c9", city: "#d6cfc0", urban: "#cfc6b5",
};
// Terrain drawn as a symbol over the base colour rather than as the base.
const PLACE_TERRAIN = new Set(["town", "village", "city", "urban"]);
const RIVER_FEATURES: Record<string, { colour: string; width: number }> = {
  river: { colour: "#3f7fc0", width: 6 }, "major river": { colour: "#2f6fb0", width: 9 },
  stream: { colour: "#5d9bd6", width: 3 }, canal: { colour: "#3f7fc0", width: 4 },
};
const ROAD_FEATURES: Record<string, { colour: string; width: number; dash?: string }> = {
  road: { colour: "#8a3b1c", width: 4 }, "primary road": { colour: "#a02b10", width: 5 },
  "secondary road": { colour: "#8a3b1c", width: 3.5 }, track: { colour: "#8a5a3c", width: 2.5, dash: "6 4" },
  railroad: { colour: "#333", width: 2.5, dash: "10 3" }, rail: { colour: "#333", width: 2.5, dash: "10 3" },
};

function hashColour(word: string): string {
  let h = 0;
  for (const c of word) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `hsl(${h % 360} 35% 78%)`;
}

export function terrainColour(terrain: string[]): string {
  const base = terrain.find((t) => !PLACE_TERRAIN.has(t));
  if (!base) return TERRAIN_COLOURS.clear;
  return TERRAIN_COLOURS[base] ?? hashColour(base);
}

export interface MapEvents {
  click(hex: string, ev: MouseEvent): void;
  hover(hex: string | null): void;
}

export class MapView {
  readonly root: SVGSVGElement;
  readonly hexes = new Map<string, MapHex>();
  readonly highlights: SVGGElement;
  readonly counters: SVGGElement;
  readonly overlay: SVGGElement;
  private view = { x: 0, y: 0, w: 100, h: 100 };
  private bounds = { x: 0, y: 0, w: 100, h: 100 };
  private home: { x: number; y: number; w: number; h: number } | null = null; // what fit() shows

  constructor(private container: HTMLElement, readonly info: MapInfo, private events: MapEvents) {
    this.root = svg("svg", { class: "map", tabindex: 0, role: "application", "aria-label": "Map" });
    const terrain = svg("g", { class: "terrain" });
    const rivers = svg("g", { class: "rivers" });
    const roads = svg("g", { class: "roads" });
    const labels = svg("g", { class: "labels" });
    this.highlights = svg("g", { class: "highlights" });
    this.counters = svg("g", { class: "counters" });
    this.overlay = svg("g", { class: "overlay" });
    // Place names go above the counters: a town's name stays readable when it is held.
    const names = svg("g", { class: "names" });
    this.root.append(terrain, rivers, roads, this.highlights, labels, this.counters, names, this.overlay);
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of info.hexes) {
      this.hexes.set(h.id, h);
      const [cx, cy] = this.centre(h.id);
      minX = Math.min(minX, cx); maxX = Math.max(maxX, cx);
      minY = Math.min(minY, cy); maxY = Math.max(maxY, cy);
      const poly = svg("polygon", { points: this.corners(h.id).map((p) => p.join(",")).join(" "), fill: terrainColour(h.terrain), class: "hex", "data-hex": h.id });
      terrain.append(poly);
      labels.append(Object.assign(svg("text", { x: cx, y: cy - S * 0.36, class: "hex-id" }), { textContent: h.id }));
      if (h.terrain.some((t) => PLACE_TERRAIN.has(t)) || h.place) {
        const big = h.terrain.includes("city") || h.terrain.includes("urban");
        labels.append(svg("rect", { x: cx - S * (big ? 0.2 : 0.12), y: cy - S * (big ? 0.2 : 0.12), width: S * (big ? 0.4 : 0.24), height: S * (big ? 0.4 : 0.24), class: "town" }));
      }
      if (h.place) names.append(Object.assign(svg("text", { x: cx, y: cy + S * 0.47, class: "place" }), { textContent: h.place }));
      for (const [dir, features] of Object.entries(h.sides ?? {})) {
        const d = Number(dir);
        for (const f of features) {
          const river = RIVER_FEATURES[f];
          const road = ROAD_FEATURES[f];
          if (river) {
            const [a, b] = this.edge(h.id, d);
            rivers.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: river.colour, "stroke-width": river.width, "stroke-linecap": "round" }));
          } else if (road) {
            // A road crosses the hexside: draw it from this centre to the side's midpoint,
            // and the neighbour draws the other half (or it leaves the map).
            const [vx, vy] = info.directions[d];
            roads.append(svg("line", { x1: cx, y1: cy, x2: cx + (vx * S) / 2, y2: cy + (vy * S) / 2, stroke: road.colour, "stroke-width": road.width, "stroke-linecap": "round", ...(road.dash ? { "stroke-dasharray": road.dash } : {}) }));
          }
        }
      }
    }
    const pad = S;
    this.bounds = { x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad };
    container.append(this.root, this.controls());
    this.listen();
    requestAnimationFrame(() => this.fit());
  }

  centre(id: string): [number, number] {
    const h = this.hexes.get(id)!;
    return [h.x * S, h.y * S];
  }

  // Neighbours: centres one apart (geometry only; the engine decides what that allows).
  adjacent(a: string, b: string): boolean {
    const p = this.hexes.get(a), q = this.hexes.get(b);
    return !!p && !!q && Math.hypot(p.x - q.x, p.y - q.y) < 1.01;
  }

  // Corner k lies between directions k and k+1: the centroid of this hex and those two neighbours.
  corners(id: string): [number, number][] {
    const [cx, cy] = this.centre(id);
    const d = this.info.directions;
    return d.map((v, k) => {
      const w = d[(k + 1) % 6];
      return [cx + ((v[0] + w[0]) * S) / 3, cy + ((v[1] + w[1]) * S) / 3] as [number, number];
    });
  }

  // The hexside towards direction d runs between corners d-1 and d.
  edge(id: string, d: number): [[number, number], [number, number]] {
    const c = this.corners(id);
    return [c[(d + 5) % 6], c[d]];
  }

  hexOutline(id: string, attrs: Record<string, string | number>): SVGPolygonElement {
    return svg("polygon", { points: this.corners(id).map((p) => p.join(",")).join(" "), ...attrs });
  }

  // Makes fit() show these hexes (the part of the map in play) rather than the whole
  // map, and shows them now.
  setHome(ids: string[]) {
    const pts = ids.filter((id) => this.hexes.has(id)).map((id) => this.centre(id));
    if (!pts.length) return;
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const pad = S * 1.5;
    const x = Math.min(...xs) - pad, y = Math.min(...ys) - pad;
    const w = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * pad, S * 8), h = Math.max(Math.max(...ys) - Math.min(...ys) + 2 * pad, S * 6);
    this.home = { x, y, w, h };
    this.fit();
  }

  fit() {
    const r = this.container.getBoundingClientRect();
    const aspect = r.width > 0 && r.height > 0 ? r.width / r.height : 1.5;
    let { x, y, w, h } = this.home ?? this.bounds;
    if (w / h < aspect) { const nw = h * aspect; x -= (nw - w) / 2; w = nw; }
    else { const nh = w / aspect; y -= (nh - h) / 2; h = nh; }
    this.view = { x, y, w, h };
    this.apply();
  }

  // Scales about a point given in map coordinates (the cursor, a pinch centre).
  zoom(factor: number, px?: number, py?: number) {
    const v = this.view;
    const nw = Math.min(Math.max(v.w / factor, S * 3), this.bounds.w * 4);
    const f = v.w / nw;
    const cx = px ?? v.x + v.w / 2, cy = py ?? v.y + v.h / 2;
    this.view = { x: cx - (cx - v.x) / f, y: cy - (cy - v.y) / f, w: nw, h: v.h / f };
    this.apply();
  }

  pan(dx: number, dy: number) {
    this.view.x += dx;
    this.view.y += dy;
    this.apply();
  }

  // Buttons for those without a wheel or keyboard.
  private controls(): HTMLElement {
    const box = document.createElement("div");
    box.className = "zoom";
    for (const [text, title, f] of [["+", "Zoom in (+)", () => this.zoom(1.25)], ["−", "Zoom out (−)", () => this.zoom(0.8)], ["⤢", "Fit the play area (0)", () => this.fit()]] as const) {
      const b = document.createElement("button");
      b.textContent = text;
      b.title = title;
      b.addEventListener("click", f);
      box.append(b);
    }
    return box;
  }

  private apply() {
    const v = this.view;
    this.root.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  private toMap(clientX: number, clientY: number): [number, number] {
    const r = this.root.getBoundingClientRect();
    return [this.view.x + ((clientX - r.left) / r.width) * this.view.w, this.view.y + ((clientY - r.top) / r.height) * this.view.h];
  }

  private hexFrom(target: EventTarget | null): string | null {
    const node = (target as Element | null)?.closest?.("[data-hex]");
    return node ? node.getAttribute("data-hex") : null;
  }

  private listen() {
    const pointers = new Map<number, { x: number; y: number }>();
    let dragged = 0;
    this.root.addEventListener("pointerdown", (e) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      dragged = 0;
      this.root.focus({ preventScroll: true });
    });
    this.root.addEventListener("pointermove", (e) => {
      const prev = pointers.get(e.pointerId);
      if (!prev) {
        this.events.hover(this.hexFrom(e.target));
        return;
      }
      const r = this.root.getBoundingClientRect();
      const scale = this.view.w / r.width;
      if (pointers.size === 1) {
        dragged += Math.abs(e.clientX - prev.x) + Math.abs(e.clientY - prev.y);
        if (dragged > 6) {
          this.root.setPointerCapture(e.pointerId);
          this.pan(-(e.clientX - prev.x) * scale, -(e.clientY - prev.y) * scale);
        }
      } else if (pointers.size === 2) {
        // Pinch: zoom by the change of distance between the two fingers, about their midpoint.
        const other = [...pointers.entries()].find(([id]) => id !== e.pointerId)![1];
        const before = Math.hypot(prev.x - other.x, prev.y - other.y);
        const after = Math.hypot(e.clientX - other.x, e.clientY - other.y);
        const [mx, my] = this.toMap((e.clientX + other.x) / 2, (e.clientY + other.y) / 2);
        if (before > 0) this.zoom(after / before, mx, my);
        dragged = 100;
      }
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    });
    const up = (e: PointerEvent) => {
      const wasClick = pointers.size === 1 && dragged <= 6;
      pointers.delete(e.pointerId);
      if (wasClick && e.type === "pointerup") {
        const hex = this.hexFrom(e.target) ?? this.hexFrom(document.elementFromPoint(e.clientX, e.clientY));
        if (hex) this.events.click(hex, e);
      }
    };
    this.root.addEventListener("pointerup", up);
    this.root.addEventListener("pointercancel", up);
    this.root.addEventListener("pointerleave", () => this.events.hover(null));
    this.root.addEventListener("wheel", (e) => {
      e.preventDefault();
      const [mx, my] = this.toMap(e.clientX, e.clientY);
      this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, mx, my);
    }, { passive: false });
    this.root.addEventListener("keydown", (e) => {
      const step = this.view.w / 10;
      const keys: Record<string, () => void> = {
        ArrowLeft: () => this.pan(-step, 0), ArrowRight: () => this.pan(step, 0),
        ArrowUp: () => this.pan(0, -step), ArrowDown: () => this.pan(0, step),
        "+": () => this.zoom(1.25), "=": () => this.zoom(1.25), "-": () => this.zoom(0.8), "0": () => this.fit(),
      };
      if (keys[e.key]) {
        e.preventDefault();
        keys[e.key]();
      }
    });
    window.addEventListener("resize", () => this.fit());
  }
}
