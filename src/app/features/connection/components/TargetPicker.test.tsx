// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoServer } from "../../../../server/demo";
import { createController } from "../../../session/controller";
import { createBridgeStore } from "../../../stores/bridgeStore";
import { renderWithController } from "../../../../../test/support/app/renderWithController";
import { TargetPicker } from "./TargetPicker";

afterEach(cleanup);

function renderPicker(withBridge = true) {
  const bridge = createBridgeStore(withBridge ? { url: "http://127.0.0.1:9999", token: "t" } : undefined, "page");
  if (withBridge) bridge.setState({ status: "ok", info: { name: "presa-bridge", version: "0", cwd: "/home/me", inheritedEnv: ["PATH", "HOME"], platform: "linux", sessions: 0, spawned: 0 } });
  const controller = createController({ embeddedServer: demoServer(), bridge });
  const onConnect = vi.fn();
  renderWithController(<TargetPicker target={{ kind: "embedded" }} onConnect={onConnect} />, controller);
  return { controller, onConnect };
}

describe("TargetPicker: stdio", () => {
  it("shows exactly what will be spawned, and spawns nothing on Cancel", async () => {
    const { controller, onConnect } = renderPicker();
    fireEvent.change(screen.getByLabelText("Server"), { target: { value: "stdio" } });
    // The stdio form and the bridge panel are fetched when a bridge target is picked.
    fireEvent.change(await screen.findByLabelText("Command"), { target: { value: "npx" } });
    fireEvent.change(screen.getByLabelText("Arguments (one per line)"), { target: { value: "-y\n\n@scope/server two words" } });
    fireEvent.click(screen.getByRole("button", { name: "Env (0)" }));
    fireEvent.click(screen.getByRole("button", { name: "Add variable" }));
    fireEvent.change(screen.getByLabelText("Variable name 1"), { target: { value: "API_KEY" } });
    fireEvent.change(screen.getByLabelText("Variable value 1"), { target: { value: "s3cret" } });
    fireEvent.click(screen.getByRole("button", { name: "Spawn…" }));

    const dialog = screen.getByRole("dialog", { name: "Run this command on your machine?" });
    expect(within(dialog).getByTestId("spawn-command").textContent).toBe("npx");
    expect(within(dialog).getAllByRole("listitem").map((li) => li.textContent)).toEqual(['"-y"', '"@scope/server two words"', 'API_KEY="s3cret"']);
    expect(dialog.textContent).toContain("the bridge's: /home/me");
    expect(dialog.textContent).toContain("Inherited from the bridge: PATH, HOME; nothing else.");
    expect(document.activeElement?.textContent).toBe("Cancel");

    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onConnect).not.toHaveBeenCalled();
    expect(controller.isSpawnConfirmed({ command: "npx", args: ["-y", "@scope/server two words"], env: { API_KEY: "s3cret" } })).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Spawn…" }));
    fireEvent.click(screen.getByRole("button", { name: "Spawn" }));
    expect(onConnect).toHaveBeenCalledWith({ kind: "stdio", command: "npx", args: ["-y", "@scope/server two words"], env: [{ name: "API_KEY", value: "s3cret" }], cwd: "" });
    expect(controller.isSpawnConfirmed({ command: "npx", args: ["-y", "@scope/server two words"], env: { API_KEY: "s3cret" } })).toBe(true);
  });

  it("without a bridge, says how to get one and offers to paste it", async () => {
    renderPicker(false);
    fireEvent.change(screen.getByLabelText("Server"), { target: { value: "stdio" } });
    expect((await screen.findByRole("group", { name: "Bridge" })).textContent).toMatch(/No bridge: start npm start .* or npm run bridge and paste its URL and token here/);
    expect(screen.getByLabelText("Bridge token")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Command"), { target: { value: "node" } });
    expect((screen.getByRole("button", { name: "Spawn…" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("TargetPicker: saved connections", () => {
  it("imports mcp.json with clear errors, then fills the form from an entry", async () => {
    const { onConnect } = renderPicker();
    fireEvent.click(screen.getByRole("button", { name: "Saved (0)" }));
    const panel = await screen.findByRole("region", { name: "Saved connections" });
    fireEvent.change(within(panel).getByLabelText("Paste mcp.json"), { target: { value: JSON.stringify({ mcpServers: { bad: { command: "x", args: "-y" } } }) } });
    fireEvent.click(within(panel).getByRole("button", { name: "Import" }));
    expect(within(panel).getByRole("alert").textContent).toBe("mcpServers.bad.args must be an array of strings");

    const config = { mcpServers: { everything: { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] }, remote: { url: "http://127.0.0.1:3939/mcp" } } };
    fireEvent.change(within(panel).getByLabelText("Paste mcp.json"), { target: { value: JSON.stringify(config) } });
    fireEvent.click(within(panel).getByRole("button", { name: "Import" }));
    expect(within(panel).getByLabelText("Import notes").textContent).toContain("imported 2 server(s)");
    fireEvent.click(within(panel).getByRole("button", { name: "everything" }));
    expect((screen.getByLabelText("Server") as HTMLSelectElement).value).toBe("stdio");
    expect(((await screen.findByLabelText("Command")) as HTMLInputElement).value).toBe("npx");
    expect((screen.getByLabelText("Arguments (one per line)") as HTMLTextAreaElement).value).toBe("-y\n@modelcontextprotocol/server-everything");
    expect(onConnect).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Saved (2)" }));
    fireEvent.click(screen.getByRole("button", { name: "remote" }));
    expect((screen.getByLabelText("Server") as HTMLSelectElement).value).toBe("bridge-http");
    expect(((await screen.findByLabelText("Server URL")) as HTMLInputElement).value).toBe("http://127.0.0.1:3939/mcp");
  });
});
