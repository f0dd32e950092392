package org.holdfast.tornado.api;

import java.io.Serializable;

/**
 * The shapes a task can take: a method reference to a {@link Kernel} with one to fifteen parameters
 * (TornadoVM's limit).
 *
 * <p>They are serializable so that a backend can find the method behind a method reference
 * ({@link TaskMethods}), which is how the CUDA backend finds the kernel's generated code.
 */
public final class TornadoFunctions {

    private TornadoFunctions() {
    }

    /** Every task shape: invokes the kernel on the CPU with its arguments in order. */
    public interface TornadoFunction extends Serializable {
        void invoke(Object[] args);
    }

    @FunctionalInterface
    public interface Task1<T1> extends TornadoFunction {
        void apply(T1 a1);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0]);
        }
    }

    @FunctionalInterface
    public interface Task2<T1, T2> extends TornadoFunction {
        void apply(T1 a1, T2 a2);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1]);
        }
    }

    @FunctionalInterface
    public interface Task3<T1, T2, T3> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2]);
        }
    }

    @FunctionalInterface
    public interface Task4<T1, T2, T3, T4> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3]);
        }
    }

    @FunctionalInterface
    public interface Task5<T1, T2, T3, T4, T5> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4]);
        }
    }

    @FunctionalInterface
    public interface Task6<T1, T2, T3, T4, T5, T6> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5]);
        }
    }

    @FunctionalInterface
    public interface Task7<T1, T2, T3, T4, T5, T6, T7> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6]);
        }
    }

    @FunctionalInterface
    public interface Task8<T1, T2, T3, T4, T5, T6, T7, T8> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6], (T8) a[7]);
        }
    }

    @FunctionalInterface
    public interface Task9<T1, T2, T3, T4, T5, T6, T7, T8, T9> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6], (T8) a[7], (T9) a[8]);
        }
    }

    @FunctionalInterface
    public interface Task10<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6], (T8) a[7], (T9) a[8], (T10) a[9]);
        }
    }

    @FunctionalInterface
    public interface Task11<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6], (T8) a[7], (T9) a[8], (T10) a[9], (T11) a[10]);
        }
    }

    @FunctionalInterface
    public interface Task12<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6], (T8) a[7], (T9) a[8], (T10) a[9], (T11) a[10], (T12) a[11]);
        }
    }

    @FunctionalInterface
    public interface Task13<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6], (T8) a[7], (T9) a[8], (T10) a[9], (T11) a[10], (T12) a[11], (T13) a[12]);
        }
    }

    @FunctionalInterface
    public interface Task14<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13, T14 a14);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6], (T8) a[7], (T9) a[8], (T10) a[9], (T11) a[10], (T12) a[11], (T13) a[12], (T14) a[13]);
        }
    }

    @FunctionalInterface
    public interface Task15<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15> extends TornadoFunction {
        void apply(T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9, T10 a10, T11 a11, T12 a12, T13 a13, T14 a14, T15 a15);

        @Override
        @SuppressWarnings("unchecked")
        default void invoke(Object[] a) {
            apply((T1) a[0], (T2) a[1], (T3) a[2], (T4) a[3], (T5) a[4], (T6) a[5], (T7) a[6], (T8) a[7], (T9) a[8], (T10) a[9], (T11) a[10], (T12) a[11], (T13) a[12], (T14) a[13], (T15) a[14]);
        }
    }
}
