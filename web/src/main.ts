// Routes: #/ is the lobby, #/play/<game id>/<seat token> a game for that seat,
// #/watch/<game id> a game without a seat (spectator, replay).
import { showLobby } from "./lobby";
import { showGame } from "./game";

function route() {
  const root = document.getElementById("app")!;
  root.replaceChildren();
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "play" && parts[1]) showGame(root, Number(parts[1]), parts[2] || "");
  else if (parts[0] === "watch" && parts[1]) showGame(root, Number(parts[1]), "");
  else showLobby(root);
}

window.addEventListener("hashchange", route);
route();
