"""openapi_validate.py: docs/openapi.yaml is a valid OpenAPI 3.0.3 file that
3.0 tools read as we mean it (issue 23).

1. openapi-spec-validator (the OAS 3.0 schema and its semantic checks) finds
   no error.
2. Read as YAML 1.1 (PyYAML, as most loaders do), every mapping key is a
   string: a bare `on:` or `off:` turns into a boolean there, a bare `200:`
   into a number.
3. 3.0 reads `nullable` only beside a `type` in the same schema: a schema
   with `nullable` and no `type` (an `allOf` or a `$ref` beside it) is not
   nullable for a typed client; `type` is one name, never a 3.1 list.
4. The errors every operation can give are documented (the statuses of
   server/api/reply.c, the roles of server/api/router.c's route table): 401
   unless `security: []` (which the routes of role ANYONE have, and only
   they), 403 on a route of role TL, 404 on a path with `{id}`, 400, 413 and
   422 with a request body, 409 with a `rev` in it (`stale`), 422 with query
   parameters (but `key`: a wrong key is 404); an API error response
   carries the Error body, a success its body.

The tools are the machine Python's openapi-spec-validator and PyYAML (Debian
12 has no python3-openapi-spec-validator); a missing one is a failure, never
a skip.  Exit 0 when the file passes, 1 otherwise.
Environment (set by `make check`): TOP_SRCDIR.
"""
import os
import re
import sys

TOP_SRCDIR = os.environ.get("TOP_SRCDIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SPEC = os.path.join(TOP_SRCDIR, "docs", "openapi.yaml")
METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")

try:
    import yaml
    from openapi_spec_validator import OpenAPIV30SpecValidator
except ImportError as e:
    print("FAIL: %s: this test needs openapi-spec-validator and PyYAML in %s" % (e, sys.executable))
    sys.exit(1)

problems = []


def where(path):
    return "/".join(str(p) for p in path) or "(root)"


def walk_keys(node, path):
    """Check 2: every mapping key is a string."""
    if isinstance(node, dict):
        for k, v in node.items():
            if not isinstance(k, str):
                problems.append("%s: the key %r is read as %s, not a string (quote it)"
                                % (where(path), k, type(k).__name__))
            walk_keys(v, path + [k])
    elif isinstance(node, list):
        for i, v in enumerate(node):
            walk_keys(v, path + [i])


def is_schema_path(path):
    return any(p in ("schema", "schemas", "items", "properties", "allOf", "oneOf", "anyOf",
                     "additionalProperties", "not") for p in path)


def walk_schemas(node, path):
    """Check 3: nullable only beside a type; type never a list."""
    if isinstance(node, dict):
        if is_schema_path(path) and ("type" in node or "nullable" in node or "$ref" in node
                                     or "allOf" in node):
            if isinstance(node.get("type"), list):
                problems.append("%s: type %r is OpenAPI 3.1; 3.0 has `type: X` with `nullable: true`"
                                % (where(path), node["type"]))
            if node.get("nullable") and "type" not in node:
                problems.append("%s: nullable without a type is not nullable in OpenAPI 3.0 "
                                "(give the type here instead of allOf/$ref)" % where(path))
        for k, v in node.items():
            walk_schemas(v, path + [k])
    elif isinstance(node, list):
        for i, v in enumerate(node):
            walk_schemas(v, path + [i])


def resolve(doc, node):
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            return node
        cur = doc
        for part in ref[2:].split("/"):
            cur = cur[part]
        node = cur
    return node


def json_error_body(doc, resp):
    content = resolve(doc, resp).get("content") or {}
    schema = (content.get("application/json") or {}).get("schema")
    return schema is not None and resolve(doc, schema) is doc["components"]["schemas"]["Error"]


def route_roles():
    """{(method, pattern): role} of server/api/router.c's route table."""
    with open(os.path.join(TOP_SRCDIR, "server", "api", "router.c"), encoding="utf-8") as f:
        src = f.read()
    roles = {}
    for m in re.finditer(r'\{"([A-Z]+)",\s*"(/[^"]*)",\s*\w+,\s*(ANYONE|SIGNED|TL)\b', src):
        roles[(m.group(1).lower(), m.group(2))] = m.group(3)
    if len(roles) < 10:
        problems.append("server/api/router.c: the route table was not found (%d routes)" % len(roles))
    return roles


def body_properties(doc, op):
    content = resolve(doc, op.get("requestBody", {})).get("content", {})
    schema = resolve(doc, (content.get("application/json") or {}).get("schema", {}))
    return schema.get("properties", {})


def check_operations(doc):
    """Check 4: the errors each operation can give."""
    global_security = doc.get("security")
    roles = route_roles()
    for path, item in doc.get("paths", {}).items():
        if not path.startswith("/api/"):
            continue  # /healthz, /metrics, /xfcc have their own answers
        shared = item.get("parameters", [])
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            name = "%s %s" % (method.upper(), path)
            responses = op.get("responses", {})
            params = [resolve(doc, p) for p in shared + op.get("parameters", [])]
            want = []
            signed = bool(op.get("security", global_security))
            role = roles.get((method, path))
            if role is not None and (role == "ANYONE") == signed:
                problems.append("%s: the route's role is %s but the file says %s" % (
                    name, role, "a bearer token" if signed else "`security: []`"))
            if signed:
                want.append("401")
            if role == "TL":
                want.append("403")
            if "{" in path:
                want.append("404")
            if "requestBody" in op:
                want += ["400", "413", "422"]
                if "rev" in body_properties(doc, op):
                    want.append("409")
            if any(p.get("in") == "query" and p.get("name") != "key" for p in params) \
                    and "422" not in want:
                want.append("422")
            for status in want:
                if status not in responses:
                    problems.append("%s: the %s it can answer is not documented" % (name, status))
            for status, resp in responses.items():
                if str(status).startswith("4") and not json_error_body(doc, resp):
                    problems.append("%s: response %s does not carry the Error body" % (name, status))
                if str(status).startswith("2") and not resolve(doc, resp).get("content"):
                    problems.append("%s: response %s documents no body" % (name, status))


def main():
    with open(SPEC, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    walk_keys(doc, [])
    walk_schemas(doc, [])
    if not isinstance(doc, dict) or doc.get("openapi") != "3.0.3":
        problems.append("the file does not say `openapi: 3.0.3`")
    else:
        for e in OpenAPIV30SpecValidator(doc).iter_errors():
            problems.append("openapi-spec-validator: %s at %s"
                            % (e.message[:300], where(list(e.absolute_path))))
        check_operations(doc)
    if problems:
        print("FAIL: docs/openapi.yaml has %d problem(s):" % len(problems))
        for p in problems:
            print("  " + p)
        return 1
    print("ok: docs/openapi.yaml is valid OpenAPI 3.0.3 (openapi-spec-validator), "
          "its keys are strings, its nullables typed, its operations' errors documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
