package org.holdfast.tornado.api;

import java.lang.reflect.Method;
import java.util.List;
import org.holdfast.tornado.api.TornadoFunctions.TornadoFunction;

/**
 * One task of a graph: its name, the kernel it runs and the arguments it runs with.
 *
 * @param graph name of the graph the task belongs to
 * @param id the task's name inside the graph
 * @param function the method reference, used by CPU backends to call the kernel
 * @param method the kernel method, used by GPU backends to find its generated code
 * @param args the arguments in order; arrays are shared with the host by identity
 */
public record TaskSpec(String graph, String id, TornadoFunction function, Method method, List<Object> args) {

    /** The scheduler key, {@code "graph.task"}. */
    public String key() {
        return graph + "." + id;
    }

    /** Whether the kernel takes a {@link KernelContext}. */
    public boolean takesContext() {
        for (Object arg : args) {
            if (arg instanceof KernelContext) {
                return true;
            }
        }
        return false;
    }
}
