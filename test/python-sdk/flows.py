"""What a user of the Python docker SDK does first, one flow per run: `flows.py FLOW IMAGE`.

Reads DOCKER_HOST from the environment (docker.from_env), prints one JSON document of what the
SDK returned, and exits 0; an exception the flow does not expect ends it non-zero with its text.
Run by test/python-sdk.test.ts with Debian's python3-docker.
"""
import json
import sys
import threading
import time

import docker
from docker.errors import ContainerError, ImageNotFound

CMD = ["/bin/busybox", "sleep", "1000"]
DEADLINE_S = 20


def client():
    return docker.from_env(timeout=DEADLINE_S)


def version(_image):
    v = client().version()
    return {"Version": v["Version"], "ApiVersion": v["ApiVersion"], "MinAPIVersion": v.get("MinAPIVersion")}


def images(image):
    c = client()
    base = c.images.get(image)
    base.tag("other/name", "x")
    c.api.tag(base.id, "docker.io/other/name", "y")
    found = {name: c.images.get(name).id == base.id for name in ["other/name:x", "docker.io/other/name:x", "other/name:y"]}
    tags = sorted(c.api.inspect_image("other/name:x")["RepoTags"])
    removed = [c.api.remove_image("other/name:x"), c.api.remove_image("docker.io/other/name:y")]
    try:
        c.images.get("other/name:x")
        gone = None
    except ImageNotFound as error:
        gone = error.explanation
    return {"found": found, "tags": tags, "removed": removed, "gone": gone}


def saveload(image):
    """A save of two names of one image, the image removed, then images.load of the archive: it streams a line per name."""
    c = client()
    base = c.images.get(image)
    base.tag("ctc/two", "1")
    res = c.api._get(c.api._url("/images/get"), params={"names": [image, "ctc/two:1"]}, stream=True)
    res.raise_for_status()
    data = b"".join(res.iter_content(65536))
    c.api.remove_image("ctc/two:1")
    c.api.remove_image(base.id, force=True)
    loaded = c.images.load(data)
    c.api.remove_image("ctc/two:1")
    return {"count": len(loaded), "tags": sorted({tag for i in loaded for tag in i.tags}), "same": all(i.id == base.id for i in loaded)}


def detached(image):
    c = client()
    container = c.containers.run(image, CMD, detach=True, network_mode="none", init=True)
    container.reload()
    running = container.status
    container.stop(timeout=5)
    container.reload()
    waited = container.wait(timeout=DEADLINE_S)
    logs = container.logs()
    stopped = container.status
    container.remove()
    try:
        c.containers.get(container.id)
        removed = False
    except docker.errors.NotFound:
        removed = True
    return {"running": running, "stopped": stopped, "wait": waited, "logs": logs.decode("latin1"), "removed": removed}


def attached(image):
    """containers.run without detach returns when the container ends: a second thread stops it once it runs."""
    c = client()
    name = "ctc-pysdk-attached"
    stopper_error = []

    def stop_when_running():
        try:
            deadline = time.monotonic() + DEADLINE_S
            while time.monotonic() < deadline:
                try:
                    target = c.containers.get(name)
                    if target.status == "running":
                        target.stop(timeout=5)
                        return
                except docker.errors.NotFound:
                    pass
                time.sleep(0.05)
            stopper_error.append("the container never ran")
        except Exception as error:  # reported with the flow's answer
            stopper_error.append(repr(error))

    stopper = threading.Thread(target=stop_when_running, daemon=True)
    stopper.start()
    outcome = {}
    try:
        out = c.containers.run(image, CMD, name=name, network_mode="none", init=True)
        outcome = {"returned": out.decode("latin1")}
    except ContainerError as error:
        outcome = {"exit_status": error.exit_status, "stderr": (error.stderr or b"").decode("latin1")}
    stopper.join(DEADLINE_S)
    c.containers.get(name).remove(force=True)
    return {**outcome, "stopper": stopper_error}


FLOWS = {"version": version, "images": images, "saveload": saveload, "detached": detached, "attached": attached}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in FLOWS:
        sys.exit(f"usage: flows.py {{{'|'.join(FLOWS)}}} IMAGE")
    print(json.dumps(FLOWS[sys.argv[1]](sys.argv[2]), sort_keys=True))
