// What the browser tests share: `hexfront serve` on a free port with a temporary
// database, Debian's chromium through playwright-core (installed with the UI's
// packages, in web/node_modules), screenshots in HEXFRONT_ARTIFACTS, and the game's
// own API for reading what the page should show.
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { chromium } = createRequire(path.join(root, "web", "package.json"))("playwright-core");
const binary = process.env.HEXFRONT_BIN ?? path.join(root, "build", "hexfront");
export const artifacts = process.env.HEXFRONT_ARTIFACTS ?? path.join(root, "build", "web-artifacts");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

// Starts the server (extra `serve` options in `args`) and a browser page on it.
export async function start(args = []) {
  mkdirSync(artifacts, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), "hexfront-web-data-"));
  const profileDir = mkdtempSync(path.join(tmpdir(), "hexfront-web-profile-"));
  const server = spawn(binary, ["serve", "--port", "0", "--data", dataDir, "--web", path.join(root, "web", "dist"), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const base = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/[^/]+\/)/);
      if (m) resolve(m[1]);
    });
    server.on("exit", (code) => reject(new Error(`hexfront serve exited with ${code}`)));
  });
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  const api = async (p) => (await fetch(new URL(p, base))).json();
  // The game id and seat token from the page's #/play/<id>/<token> link.
  const seat = () => {
    const [, , id, token] = new URL(page.url()).hash.split("/");
    return { id, token };
  };
  return {
    base, page, api, seat,
    view: () => api(`/api/games/${seat().id}?token=${seat().token}`),
    shot: (name) => page.screenshot({ path: path.join(artifacts, `${name}.png`) }),
    async stop() {
      await browser.close();
      server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

export async function until(check, ms = 10000, what = "a condition") {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await check()) return;
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

// Neighbouring hexes by the catalog's centres (neighbours are 1 apart).
export function adjacency(catalog) {
  const centre = new Map(catalog.map.hexes.map((h) => [h.id, [h.x, h.y]]));
  return (a, b) => Math.hypot(centre.get(a)[0] - centre.get(b)[0], centre.get(a)[1] - centre.get(b)[1]) < 1.01;
}

// Waits until the page hands this seat the game again (an AI seat plays in the
// server's background and the page polls for its actions), or shows the end.
export async function myTurn(page, ms = 60000) {
  await page.waitForFunction(() => {
    if (document.querySelector(".end.shown")) return true;
    const prompt = document.querySelector(".phase .prompt")?.textContent ?? "";
    return !document.body.classList.contains("busy") && !prompt.startsWith("Waiting") && !document.querySelector(".phase .thinking");
  }, null, { timeout: ms, polling: 50 });
}
