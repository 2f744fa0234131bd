"""`servecheck compat`: can this image / CUDA build run on this driver and GPU (and this recipe)?

Exit codes: 0 compatible (with or without conditions), 1 incompatible (or a recipe requirement
fails), 2 usage or input error, 3 unknown (the tables do not cover the combination, or a fact
is missing).
"""

from __future__ import annotations

from pathlib import Path

import click

EXIT = {"compatible": 0, "compatible_with_conditions": 0, "incompatible": 1, "unknown": 3}


@click.command()
@click.option("--image", "image", metavar="REF", help="Image ref; its CUDA build is read from a cuNNN tag or known vLLM tags.")
@click.option("--image-cuda", metavar="X.Y[.Z]", help="The image's CUDA version (CUDA_VERSION, torch +cuNNN).")
@click.option("--torch", "torch_build", metavar="VERSION", help="Torch build in the image, e.g. 2.9.0+cu130: CUDA and arch list from the wheel tables.")
@click.option("--require-cuda", metavar="EXPR", help="The image's NVIDIA_REQUIRE_CUDA value.")
@click.option("--disable-require/--no-disable-require", default=None, help="NVIDIA_DISABLE_REQUIRE is set in the image.")
@click.option("--driver", metavar="VERSION", help="Host driver version, e.g. 575.57.08.")
@click.option("--driver-cuda", metavar="X.Y", help="CUDA version the driver reports (nvidia-smi header).")
@click.option("--gpu", metavar="NAME", help='GPU name as nvidia-smi prints it, e.g. "NVIDIA H200".')
@click.option("--cc", metavar="X.Y", help="Compute capability, e.g. 9.0 (instead of or besides --gpu).")
@click.option("--brand", metavar="BRAND", help="GPU brand for brand= constraints (tesla, nvidia, geforce, ...).")
@click.option("--gpu-count", type=click.IntRange(min=1), help="Number of GPUs (for recipes, without --bundle).")
@click.option("--arch-list", metavar="LIST", help='Arch list compiled into the image, e.g. "7.5 8.0 9.0 10.0 12.0+PTX".')
@click.option("--forward-compat/--no-forward-compat", default=None, help="cuda-compat libraries are (not) active.")
@click.option("--serve-cmd", metavar="CMD", help='The serve command line, for recipe flag checks ("vllm serve ...").')
@click.option("--recipe", metavar="NAME", help="Also check a deployment recipe (kimi-k3, generic-vllm).")
@click.option("--bundle", type=click.Path(path_type=Path), help="Capture bundle: fills driver, GPU and image facts.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def compat(image, image_cuda, torch_build, require_cuda, disable_require, driver, driver_cuda, gpu, cc, brand,
           gpu_count, arch_list, forward_compat, serve_cmd, recipe, bundle, as_json) -> int:
    """Walk the four compatibility gates for an image on a host, from the knowledge tables alone.

    \b
    Exit: 0 compatible (also with conditions), 1 incompatible or a recipe requirement fails,
          2 usage or input error, 3 unknown (the tables do not cover it, or a fact is missing).
    """
    import shlex

    from servecheck.capture.bundle import load_evidence
    from servecheck.errors import UsageError
    from servecheck.knowledge.compat import check_recipe, evaluate
    from servecheck.knowledge.inputs import HostFlags, malformed_versions, merge
    from servecheck.knowledge.recipes import load_recipe

    flags = HostFlags(image=image, image_cuda=image_cuda, require_cuda=require_cuda,
                      disable_require=disable_require, driver=driver, driver_cuda=driver_cuda, gpu=gpu,
                      cc=cc, brand=brand, gpu_count=gpu_count, forward_compat=forward_compat,
                      command=_split(shlex, serve_cmd), torch=torch_build,
                      arch_list=arch_list.replace(";", " ").replace(",", " ").split() if arch_list else None)
    if not any((image, image_cuda, torch_build, driver, driver_cuda, gpu, cc, recipe, bundle)):
        raise UsageError("nothing to check: give --image/--image-cuda and --driver, or --bundle, or --recipe")
    if bad := malformed_versions(flags):
        raise UsageError(f"unreadable version: {'; '.join(bad)}")
    recipe_obj = load_recipe(recipe) if recipe else None
    evidence = load_evidence(bundle) if bundle else None
    if recipe_obj and recipe_obj.image and not (image or image_cuda or torch_build or bundle):
        flags.image = recipe_obj.image
    kwargs, merged = merge(flags, evidence)
    result = evaluate(**kwargs)
    checked = check_recipe(recipe_obj, merged) if recipe_obj else None
    _show(result, checked, flags.notes, as_json)
    return _exit_code(result.verdict, checked.verdict if checked else None)


def _split(shlex, serve_cmd: str | None) -> list[str] | None:
    if not serve_cmd:
        return None
    try:
        return shlex.split(serve_cmd)
    except ValueError as exc:
        from servecheck.errors import UsageError

        raise UsageError(f"--serve-cmd: {exc}") from exc


def _exit_code(verdict: str, recipe_verdict: str | None) -> int:
    codes = {EXIT[verdict], {"pass": 0, "fail": 1, "unknown": 3}[recipe_verdict] if recipe_verdict else 0}
    return 1 if 1 in codes else max(codes)


def _show(result, checked, notes: list[str], as_json: bool) -> None:
    if as_json:
        import json

        payload = result.model_dump(mode="json")
        if checked is not None:
            payload["recipe"] = checked.model_dump(mode="json")
        click.echo(json.dumps(payload, indent=2))
        return
    from rich.console import Console

    from servecheck.knowledge.render import compat_view, recipe_view

    console = Console()
    for part in compat_view(result, notes):
        console.print(part)
    if checked is not None:
        for part in recipe_view(checked):
            console.print(part)
