"""The README's library example: parse an attribute, annotate a module, map it to SPIR-V."""

import propslower

HOST_ACCESS = 'add_ir_global_variable_attributes("sycl-host-access", "read")'

attribute = propslower.parse_properties(HOST_ACCESS)
for prop in attribute.properties:
    print(prop.name, prop.ir_value())

module = propslower.parse_assembly_file("examples/ir/device.ll")
propslower.annotate(module, {"globals": {"dm1": HOST_ACCESS}}, profile=propslower.DESIGN)
propslower.map_to_spirv(module, profile=propslower.DESIGN)
print(propslower.get_global_variable(module, "@dm1").text, end="")
print(propslower.get_metadata_node(module, "!0").text, end="")
