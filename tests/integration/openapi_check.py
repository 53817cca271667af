"""openapi_check.py: every answer an integration test receives through
harness.Client.request() is checked against docs/openapi.yaml (issue 23).

For a path of the file (a `{name}` segment matches what the router matches,
a positive integer) and a method it documents, the status must be one the
operation documents (500 and 503, common to all operations in the file's
description, only with the Error body), the Content-Type one of that
response's media types, and a JSON body must match its schema, read as
OpenAPI 3.0 reads it (openapi-schema-validator's OAS 3.0 read validator:
`nullable`, formats).  A method the path does not document must answer 405
(a JSON one with the Error body).  Paths outside the file (a 404 for an unknown path),
HEAD and OPTIONS are not checked; a 304 to a GET (If-None-Match) only for
its empty body.

check() raises AssertionError on a mismatch and also keeps it, so that a
mismatch in a thread of a test fails the test too (failures()).
"""
import json
import os
import re

import yaml
from openapi_schema_validator import OAS30ReadValidator, oas30_format_checker

TOP_SRCDIR = os.environ.get(
    "TOP_SRCDIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SPEC = os.path.join(TOP_SRCDIR, "docs", "openapi.yaml")

_doc = None
_paths = []  # (regex, template, path item), literal paths first
_validators = {}
_failures = []


def _load():
    global _doc
    if _doc is not None:
        return
    with open(SPEC, encoding="utf-8") as f:
        _doc = yaml.safe_load(f)
    for template, item in _doc["paths"].items():
        rx = "".join("[1-9][0-9]{0,14}" if p.startswith("{") else re.escape(p)
                     for p in re.split(r"(\{[^}]+\})", template))
        _paths.append((re.compile(rx + r"\Z"), template, item))
    _paths.sort(key=lambda t: t[1].count("{"))


def _inline(node, seen=()):
    """The schema with every local $ref replaced by what it names."""
    if isinstance(node, dict):
        if "$ref" in node:
            ref = node["$ref"]
            if ref in seen:
                raise ValueError("a $ref cycle at " + ref)
            target = _doc
            for part in ref[2:].split("/"):
                target = target[part]
            return _inline(target, seen + (ref,))
        return {k: _inline(v, seen) for k, v in node.items()}
    if isinstance(node, list):
        return [_inline(v, seen) for v in node]
    return node


def _validator(key, schema):
    if key not in _validators:
        _validators[key] = OAS30ReadValidator(_inline(schema), format_checker=oas30_format_checker)
    return _validators[key]


class _Mismatch(Exception):
    pass


def _fail(msg):
    raise _Mismatch(msg)


def _check_json(key, schema, resp, what):
    if resp.json is None and resp.text.strip() != "null":
        _fail("%s: the body is not JSON: %r" % (what, resp.text[:200]))
    errors = sorted(_validator(key, schema).iter_errors(resp.json), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        _fail("%s: the body does not match the schema at %s: %s (%d error(s)); body %s"
              % (what, "/".join(str(p) for p in e.absolute_path) or "(top)", e.message[:300],
                 len(errors), resp.text[:300]))


def check(method, url, resp):
    """Checks one answer (a harness.Response) to method url."""
    try:
        _check(method.upper(), url, resp)
    except _Mismatch as e:
        _failures.append(str(e))
        raise AssertionError("docs/openapi.yaml: %s" % e) from None


def _check(method, url, resp):
    if method in ("HEAD", "OPTIONS"):
        return
    _load()
    path = re.sub(r"^[a-z]+://[^/]+", "", url).split("?", 1)[0]
    found = next(((t, item) for rx, t, item in _paths if rx.match(path)), None)
    if found is None:
        return
    template, item = found
    if resp.status == 304 and method == "GET":
        # A conditional GET (docs/HTTP.md): any GET may answer 304, and
        # then with no body.
        if resp.text:
            _fail("GET %s answered 304 with a body" % path)
        return
    what = "%s %s (%s) answered %d" % (method, path, template, resp.status)
    ctype = resp.headers.get("Content-Type", "").split(";")[0].strip().lower()
    error_schema = {"$ref": "#/components/schemas/Error"}
    op = item.get(method.lower())
    if op is None:
        if resp.status != 405:
            _fail("%s, but the file documents no %s there" % (what, method))
        if ctype == "application/json":
            _check_json(("Error",), error_schema, resp, what)
        return
    responses = op.get("responses", {})
    spec_resp = responses.get(str(resp.status), responses.get("default"))
    if spec_resp is None:
        if resp.status in (500, 503) and ctype == "application/json":
            _check_json(("Error",), error_schema, resp, what)
            return
        _fail("%s, a status its operation does not document" % what)
    spec_resp = _inline(spec_resp)
    content = spec_resp.get("content") or {}
    if not content:
        if resp.text:
            _fail("%s with a %s body, but the file documents none" % (what, ctype or "typeless"))
        return
    if ctype not in content:
        _fail("%s with Content-Type %r, the file documents %s" % (what, ctype, sorted(content)))
    schema = content[ctype].get("schema")
    if ctype == "application/json" and schema is not None:
        _check_json((template, method, resp.status), schema, resp, what)


def reset():
    del _failures[:]


def failures():
    """The mismatches since reset() (also those raised in other threads)."""
    return list(_failures)
