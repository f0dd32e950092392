package org.holdfast.tornado.compiler;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * Names outside the method body, resolved the way javac would for the subset: classes (for
 * {@code Math.sqrt} and {@code Other.CONSTANT}) and fields (for compile-time constants).
 */
final class Symbols {

    private final Elements elements;
    private final TypeElement owner;
    private final CompilationUnitTree unit;

    Symbols(Elements elements, TypeElement owner, CompilationUnitTree unit) {
        this.elements = elements;
        this.owner = owner;
        this.unit = unit;
    }

    TypeElement owner() {
        return owner;
    }

    /** The class that {@code name} (a simple or qualified name) denotes from the kernel's class, or null. */
    TypeElement type(ExpressionTree name) {
        if (name instanceof IdentifierTree id) {
            return simpleType(id.getName().toString());
        }
        if (name instanceof MemberSelectTree select) {
            TypeElement qualified = elements.getTypeElement(select.toString());
            if (qualified != null) {
                return qualified;
            }
            TypeElement outer = type(select.getExpression());
            return outer == null ? null : memberType(outer, select.getIdentifier().toString());
        }
        return null;
    }

    private TypeElement simpleType(String name) {
        for (Element e = owner; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            if (t.getSimpleName().contentEquals(name)) {
                return t;
            }
            TypeElement member = memberType(t, name);
            if (member != null) {
                return member;
            }
        }
        for (ImportTree imp : unit.getImports()) {
            String imported = imp.getQualifiedIdentifier().toString();
            if (!imp.isStatic() && imported.endsWith("." + name)) {
                TypeElement t = elements.getTypeElement(imported);
                if (t != null) {
                    return t;
                }
            }
        }
        PackageElement pkg = elements.getPackageOf(owner);
        TypeElement samePackage = elements.getTypeElement(pkg.isUnnamed() ? name : pkg.getQualifiedName() + "." + name);
        if (samePackage != null) {
            return samePackage;
        }
        for (ImportTree imp : unit.getImports()) {
            String imported = imp.getQualifiedIdentifier().toString();
            if (!imp.isStatic() && imported.endsWith(".*")) {
                TypeElement t = elements.getTypeElement(imported.substring(0, imported.length() - 1) + name);
                if (t != null) {
                    return t;
                }
            }
        }
        return elements.getTypeElement("java.lang." + name);
    }

    private TypeElement memberType(TypeElement type, String name) {
        for (Element member : elements.getAllMembers(type)) {
            if (member instanceof TypeElement t && t.getSimpleName().contentEquals(name)) {
                return t;
            }
        }
        return null;
    }

    /** The field a simple name denotes from the kernel's class (its own, inherited, enclosing classes', statically imported), or null. */
    VariableElement field(String name) {
        for (Element e = owner; e instanceof TypeElement t; e = t.getEnclosingElement()) {
            VariableElement field = field(t, name);
            if (field != null) {
                return field;
            }
        }
        for (ImportTree imp : unit.getImports()) {
            if (!imp.isStatic()) {
                continue;
            }
            MemberSelectTree imported = (MemberSelectTree) imp.getQualifiedIdentifier();
            String member = imported.getIdentifier().toString();
            if (member.equals(name) || member.equals("*")) {
                TypeElement from = elements.getTypeElement(imported.getExpression().toString());
                VariableElement field = from == null ? null : field(from, name);
                if (field != null) {
                    return field;
                }
            }
        }
        return null;
    }

    /** The field {@code name} of {@code type}, inherited ones included, or null. */
    VariableElement field(TypeElement type, String name) {
        for (Element member : elements.getAllMembers(type)) {
            if (member.getKind() == ElementKind.FIELD && member.getSimpleName().contentEquals(name)) {
                return (VariableElement) member;
            }
        }
        return null;
    }

    /** Whether an unqualified call to {@code name} refers to java.lang.Math through a static import. */
    boolean importsFromMath(String name) {
        for (ImportTree imp : unit.getImports()) {
            if (imp.isStatic() && imp.getQualifiedIdentifier() instanceof MemberSelectTree imported
                    && imported.getExpression().toString().equals("java.lang.Math")) {
                String member = imported.getIdentifier().toString();
                if (member.equals(name) || member.equals("*")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The value of a compile-time constant field ({@code static final}, constant initialiser), or null. */
    static Object constantValue(VariableElement field) {
        if (!field.getModifiers().contains(Modifier.STATIC) || !field.getModifiers().contains(Modifier.FINAL)) {
            return null;
        }
        return field.getConstantValue();
    }
}
