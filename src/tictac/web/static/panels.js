// One panel that fails to draw must not stop the rest of the screen: each panel of a live
// screen (the table bar, the audience, the game, the TV's bands) is drawn through `drawPanel`,
// which keeps the failure to that panel. The failure is still the page's error (the browser
// tests fail on any), it is written to the console, and counted on the page
// (`<html data-draw-errors>`) for a test or a person to read.
export function drawPanel(what, draw) {
  try {
    return draw();
  } catch (error) {
    const root = document.documentElement;
    root.dataset.drawErrors = String(Number(root.dataset.drawErrors || 0) + 1);
    console.error(`tictac: the ${what} could not be drawn`, error);
    reportError(error);
    return null;
  }
}
