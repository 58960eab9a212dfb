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

const r1 = (n: number) => Math.round(n * 10) / 10;

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
  detail?(far: boolean): void; // the zoom crossed the level-of-detail threshold
}

export class MapView {
  readonly root: SVGSVGElement;
  readonly hexes = new Map<string, MapHex>();
  readonly highlights: SVGGElement;
  readonly counters: SVGGElement;
  readonly overlay: SVGGElement;
  private readonly ids: SVGGElement;
  private readonly hoverOutline: SVGPolygonElement; // printed hex IDs, drawn only when zoomed in (see labelIds)
  private labelsQueued = false;
  far = false; // zoomed out so far that counters are drawn as plain chips
  private size: { width: number; height: number }; // the container's, measured before the map fills it
  private view = { x: 0, y: 0, w: 100, h: 100 };
  private bounds = { x: 0, y: 0, w: 100, h: 100 };
  private home: { x: number; y: number; w: number; h: number } | null = null; // what fit() shows

  constructor(private container: HTMLElement, readonly info: MapInfo, private events: MapEvents) {
    const box = container.getBoundingClientRect();
    this.size = { width: box.width, height: box.height };
    this.root = svg("svg", { class: "map", tabindex: 0, role: "application", "aria-label": "Map" });
    const terrain = svg("g", { class: "terrain" });
    const rivers = svg("g", { class: "rivers" });
    const roads = svg("g", { class: "roads" });
    const labels = svg("g", { class: "labels" });
    this.ids = svg("g", { class: "hex-ids" });
    this.highlights = svg("g", { class: "highlights" });
    this.counters = svg("g", { class: "counters" });
    this.overlay = svg("g", { class: "overlay" });
    this.hoverOutline = svg("polygon", { class: "hover-hex", points: "" });
    // Place names go above the counters: a town's name stays readable when it is held.
    const names = svg("g", { class: "names" });
    this.root.append(terrain, rivers, roads, this.highlights, this.hoverOutline, this.ids, labels, this.counters, names, this.overlay);

    // A real map has thousands of hexes: the terrain is one path per colour, the grid
    // one path, rivers and roads one path per kind, and a click finds its hex from its
    // position (hexAt) rather than from an element per hex.
    const corner = this.cornerOffsets();
    const fills = new Map<string, string[]>(), grid: string[] = [];
    const sides = new Map<string, string[]>();
    const add = (f: string, d: string) => {
      const list = sides.get(f);
      if (list) list.push(d);
      else sides.set(f, [d]);
    };
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of info.hexes) {
      this.hexes.set(h.id, h);
      const cx = h.x * S, cy = h.y * S;
      this.index(h.id, h.x, h.y);
      minX = Math.min(minX, cx); maxX = Math.max(maxX, cx);
      minY = Math.min(minY, cy); maxY = Math.max(maxY, cy);
      let d = `M${r1(cx + corner[0][0])} ${r1(cy + corner[0][1])}`;
      for (let k = 1; k < 6; k++) d += `L${r1(cx + corner[k][0])} ${r1(cy + corner[k][1])}`;
      d += "Z";
      grid.push(d);
      const colour = terrainColour(h.terrain);
      const list = fills.get(colour);
      if (list) list.push(d);
      else fills.set(colour, [d]);
      if (h.terrain.some((t) => PLACE_TERRAIN.has(t)) || h.place) {
        const half = S * (h.terrain.includes("city") || h.terrain.includes("urban") ? 0.2 : 0.12);
        labels.append(svg("rect", { class: "town", x: r1(cx - half), y: r1(cy - half), width: r1(2 * half), height: r1(2 * half) }));
      }
      if (h.place || h.vp) {
        // The place's name, and after it the VP the hex is worth (a star and the value).
        const label = Object.assign(svg("text", { x: r1(cx), y: r1(cy + S * 0.47), class: "place" }), { textContent: h.place ?? "" });
        if (h.vp) {
          const vp = Object.assign(svg("tspan", { class: "vp", "data-hex": h.id, dx: h.place ? 3 : 0 }), { textContent: `★${h.vp}` });
          const title = svg("title");
          title.textContent = `${h.place ?? h.id}: ${h.vp} VP`;
          vp.append(title);
          label.append(vp);
        }
        names.append(label);
      }
      if (!h.sides) continue;
      for (const dir in h.sides) {
        const k = Number(dir);
        for (const f of h.sides[dir]) {
          if (RIVER_FEATURES[f]) {
            // The hexside towards direction k runs between corners k-1 and k.
            const a = corner[(k + 5) % 6], b = corner[k];
            add(f, `M${r1(cx + a[0])} ${r1(cy + a[1])}L${r1(cx + b[0])} ${r1(cy + b[1])}`);
          } else if (ROAD_FEATURES[f]) {
            // A road crosses the hexside: drawn from this centre to the side's midpoint;
            // the neighbour draws the other half (or it leaves the map).
            const [vx, vy] = info.directions[k];
            add(f, `M${r1(cx)} ${r1(cy)}l${r1((vx * S) / 2)} ${r1((vy * S) / 2)}`);
          }
        }
      }
    }
    for (const [colour, ds] of fills) terrain.append(svg("path", { class: "terrain-fill", d: ds.join(""), fill: colour }));
    terrain.append(svg("path", { class: "grid", d: grid.join("") }));
    for (const [f, ds] of sides) {
      const style = RIVER_FEATURES[f] ?? ROAD_FEATURES[f];
      const dash = ROAD_FEATURES[f]?.dash;
      (RIVER_FEATURES[f] ? rivers : roads).append(svg("path", { d: ds.join(""), stroke: style.colour, "stroke-width": style.width, "stroke-linecap": "round", fill: "none", ...(dash ? { "stroke-dasharray": dash } : {}) }));
    }
    const pad = S;
    this.bounds = { x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad };
    container.append(this.root, this.controls());
    this.listen();
    this.fit();
  }

  // Hex centres bucketed by rounded position, for finding the hex under a point.
  private buckets = new Map<string, string[]>();
  private index(id: string, x: number, y: number) {
    const key = `${Math.round(x)},${Math.round(y)}`;
    const list = this.buckets.get(key);
    if (list) list.push(id);
    else this.buckets.set(key, [id]);
  }

  // The hex whose centre is nearest a point in map pixels, if the point is inside it.
  hexAt(px: number, py: number): string | null {
    const x = px / S, y = py / S;
    let best: string | null = null, bestD = 0.58; // a hex's corners are 1/sqrt(3) from its centre
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++)
        for (const id of this.buckets.get(`${Math.round(x) + i},${Math.round(y) + j}`) ?? []) {
          const h = this.hexes.get(id)!;
          const d = Math.hypot(h.x - x, h.y - y);
          if (d < bestD) [best, bestD] = [id, d];
        }
    return best;
  }

  // Corner k lies between directions k and k+1: the centroid of a hex and those two
  // neighbours; as offsets from the centre, in map pixels.
  private cornerOffsets(): [number, number][] {
    const d = this.info.directions;
    return d.map((v, k) => {
      const w = d[(k + 1) % 6];
      return [((v[0] + w[0]) * S) / 3, ((v[1] + w[1]) * S) / 3] as [number, number];
    });
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

  corners(id: string): [number, number][] {
    const [cx, cy] = this.centre(id);
    return this.cornerOffsets().map(([x, y]) => [cx + x, cy + y] as [number, number]);
  }



  // The corners as a polygon's points, to a tenth of a pixel.
  points(id: string): string {
    return this.corners(id).map((p) => `${r1(p[0])},${r1(p[1])}`).join(" ");
  }

  hexOutline(id: string, attrs: Record<string, string | number>): SVGPolygonElement {
    return svg("polygon", { points: this.points(id), ...attrs });
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
    const r = this.size;
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
    // Level of detail: text too small to read is not laid out or painted (style.css).
    const far = (this.size.width || 1) / v.w < 0.45;
    if (far !== this.far) {
      this.far = far;
      this.root.classList.toggle("far", far);
      this.events.detail?.(far);
    }
    if (!this.labelsQueued) {
      this.labelsQueued = true;
      requestAnimationFrame(() => this.labelIds());
    }
  }

  // The printed hex IDs of the hexes in view, once hexes are big enough on screen to
  // read them (4400 labels on a whole map cost more to draw than the map itself).
  private labelIds() {
    this.labelsQueued = false;
    const v = this.view;
    const width = this.size.width || 1;
    this.ids.replaceChildren();
    if ((S * width) / v.w < 34) return;
    for (const h of this.hexes.values()) {
      const [cx, cy] = this.centre(h.id);
      if (cx < v.x - S || cx > v.x + v.w + S || cy < v.y - S || cy > v.y + v.h + S) continue;
      this.ids.append(Object.assign(svg("text", { x: cx, y: cy - S * 0.36, class: "hex-id" }), { textContent: h.id }));
    }
  }

  private toMap(clientX: number, clientY: number): [number, number] {
    const r = this.root.getBoundingClientRect();
    return [this.view.x + ((clientX - r.left) / r.width) * this.view.w, this.view.y + ((clientY - r.top) / r.height) * this.view.h];
  }

  // The hex of an event: its element's (a counter, a highlight), else the one under it.
  private hexFrom(e: PointerEvent): string | null {
    const node = (e.target as Element | null)?.closest?.("[data-hex]");
    if (node) return node.getAttribute("data-hex");
    const [x, y] = this.toMap(e.clientX, e.clientY);
    return this.hexAt(x, y);
  }

  private hover(hex: string | null) {
    if (hex === this.hovered) return;
    this.hovered = hex;
    this.hoverOutline.setAttribute("points", hex ? this.points(hex) : "");
    this.events.hover(hex);
  }
  private hovered: string | null = null;

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
        this.hover(this.hexFrom(e));
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
        const hex = this.hexFrom(e);
        if (hex) this.events.click(hex, e);
      }
    };
    this.root.addEventListener("pointerup", up);
    this.root.addEventListener("pointercancel", up);
    this.root.addEventListener("pointerleave", () => this.hover(null));
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
    window.addEventListener("resize", () => {
      const r = this.container.getBoundingClientRect();
      this.size = { width: r.width, height: r.height };
      this.fit();
    });
  }
}
