import { allowErrors, expect, test } from "./support/test";
import { catalog, pick } from "./support/app";

// What the first view does not show is fetched on first use (docs/architecture.md, "What loads when").
// A chunk that cannot be fetched (the inspector's server stopped, the network is off) is an error in
// words where it was wanted; the rest of the page keeps working, and nothing is left blank.

test(
  "the embedded server's chunk does not load: the connection fails in words, the page stays",
  { annotation: allowErrors(/Failed to load resource|embedded-|dynamically imported module/) },
  async ({ page }) => {
    await page.route(/\/assets\/embedded-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    await expect(page.getByTestId("connection-status")).toHaveText("failed");
    const alert = page.locator(".connection-bar").getByRole("alert");
    await expect(alert).toContainText("Part of the inspector did not load");
    await expect(alert).toContainText("could not load the embedded demo server");
    // The rest of the page is there: the wire log and the settings still work.
    await expect(page.getByRole("region", { name: "Wire log" })).toBeVisible();
    await page.getByRole("button", { name: /Settings/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  },
);

test(
  "a part's chunk does not load: that part says so, the rest of the page keeps working",
  { annotation: allowErrors(/Failed to load resource|ItemPanel-|dynamically imported module|The above error occurred/) },
  async ({ page }) => {
    await page.route(/\/assets\/ItemPanel-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await expect(catalog(page).getByRole("button", { name: /^greet/ }).first()).toBeVisible();
    await pick(page, /^greet/);
    const failed = page.getByTestId("part-failed");
    await expect(failed).toContainText("The item panel did not load");
    await expect(failed.getByRole("button", { name: "Reload the page" })).toBeVisible();
    // The connection bar and the wire log are untouched.
    await expect(page.getByTestId("connection-status")).toHaveText("connected");
    await expect(page.getByRole("region", { name: "Wire log" })).toBeVisible();
  },
);
